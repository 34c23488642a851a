import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/wallets/contract';
import { updateWalletStatus } from '@/lib/books/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: merchantEndpoint(contract.updateWalletStatus, async ({ ctx, params, body }) => ({
    data: await updateWalletStatus(ctx.db, ctx.tenant, params.currency_code, body),
    message: 'Wallet status updated',
  })),
});
