import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { listTransactionsQuery } from '@/lib/transactions/input';
import { listTransactions } from '@/lib/transactions/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read, query: listTransactionsQuery }, async ({ ctx, query }) => ({
    ...(await listTransactions(ctx.db, ctx.merchant.id, query)),
    message: 'Transactions retrieved',
  })),
});
