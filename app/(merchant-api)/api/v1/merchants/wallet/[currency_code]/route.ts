import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/wallets/contract';
import { getWallet } from '@/lib/books/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getWallet, async ({ ctx, params }) => ({
    data: await getWallet(ctx.db, ctx.tenant, params.currency_code),
    message: 'Wallet retrieved',
  })),
});
