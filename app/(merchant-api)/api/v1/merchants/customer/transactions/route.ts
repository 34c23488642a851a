import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/customer-transactions/contract';
import { listTransactions } from '@/lib/books/customer-transactions/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listCustomerTransactions, async ({ ctx, query }) => ({
    ...(await listTransactions(ctx.db, ctx.tenant, query)),
    message: 'Transactions retrieved',
  })),
});
