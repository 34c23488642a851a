import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/wallets/contract';
import { listWalletTransactions } from '@/lib/books/wallets/statement';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWalletTransactions, async ({ ctx, query }) => ({
    ...(await listWalletTransactions(ctx.db, ctx.tenant, query)),
    message: 'Wallet transactions retrieved',
  })),
});
