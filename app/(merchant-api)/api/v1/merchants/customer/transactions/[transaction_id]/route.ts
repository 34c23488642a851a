import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/transactions/contract';
import { getTransaction } from '@/lib/transactions/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getCustomerTransaction, async ({ ctx, params }) => ({
    data: await getTransaction(ctx.db, ctx.merchant.id, params.transaction_id),
    message: 'Transaction retrieved',
  })),
});
