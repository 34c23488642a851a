import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/customer-transactions/contract';
import { refundDeposit } from '@/lib/books/refunds';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.createRefund, async ({ ctx, body }) => ({
    data: await refundDeposit(ctx, body, ctx.idempotencyKey),
    message: 'Refund processed',
  })),
});
