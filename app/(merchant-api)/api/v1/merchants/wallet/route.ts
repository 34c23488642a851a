import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/wallets/contract';
import { listWallets } from '@/lib/books/wallets/list-wallets';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWallets, async ({ ctx }) => ({
    data: await listWallets(ctx.db, ctx.tenant),
    message: 'Wallets retrieved',
  })),
});
