import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { transactionIdParams } from '@/lib/transactions/input';
import { getTransaction } from '@/lib/transactions/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read, params: transactionIdParams }, async ({ ctx, params }) => ({
    data: await getTransaction(ctx.db, ctx.merchant.id, params.transaction_id),
    message: 'Transaction retrieved',
  })),
});
