import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/wallets/contract';
import { listWalletTransactions } from '@/lib/wallets/statement';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWalletTransactions, async ({ ctx, query }) => ({
    ...(await listWalletTransactions(ctx.db, ctx.merchant.id, query)),
    message: 'Wallet transactions retrieved',
  })),
});
