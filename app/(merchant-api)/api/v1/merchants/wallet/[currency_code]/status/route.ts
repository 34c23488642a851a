import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/wallets/contract';
import { updateWalletStatus } from '@/lib/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: merchantEndpoint(contract.updateWalletStatus, async ({ ctx, params, body }) => ({
    data: await updateWalletStatus(ctx.db, ctx.merchant.id, params.currency_code, body),
    message: 'Wallet status updated',
  })),
});
