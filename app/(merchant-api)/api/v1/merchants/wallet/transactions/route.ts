import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { listWalletTransactions, walletTransactionsQuery } from '@/lib/wallets/statement';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read, query: walletTransactionsQuery }, async ({ ctx, query }) => ({
    ...(await listWalletTransactions(ctx.db, ctx.merchant.id, query)),
    message: 'Wallet transactions retrieved',
  })),
});
