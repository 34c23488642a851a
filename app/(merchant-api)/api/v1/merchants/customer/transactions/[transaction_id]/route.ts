import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/customer-transactions/contract';
import { getTransaction } from '@/lib/books/customer-transactions/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getCustomerTransaction, async ({ ctx, params }) => ({
    data: await getTransaction(ctx.db, ctx.tenant, params.transaction_id),
    message: 'Transaction retrieved',
  })),
});
