import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/transactions/contract';
import { listTransactions } from '@/lib/transactions/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listCustomerTransactions, async ({ ctx, query }) => ({
    ...(await listTransactions(ctx.db, ctx.merchant.id, query)),
    message: 'Transactions retrieved',
  })),
});
