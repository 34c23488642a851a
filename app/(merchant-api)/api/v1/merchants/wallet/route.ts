import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/wallets/contract';
import { listWallets } from '@/lib/wallets/list-wallets';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWallets, async ({ ctx }) => ({
    data: await listWallets(ctx.db, ctx.merchant.id),
    message: 'Wallets retrieved',
  })),
});
