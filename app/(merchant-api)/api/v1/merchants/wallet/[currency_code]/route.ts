import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/wallets/contract';
import { getWallet } from '@/lib/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getWallet, async ({ ctx, params }) => ({
    data: await getWallet(ctx.db, ctx.merchant.id, params.currency_code),
    message: 'Wallet retrieved',
  })),
});
