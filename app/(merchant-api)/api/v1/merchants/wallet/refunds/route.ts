import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/transactions/contract';
import { refundDeposit } from '@/lib/transactions/refunds';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.createRefund, async ({ ctx, body }) => ({
    data: await refundDeposit(ctx, body, ctx.idempotencyKey),
    message: 'Refund processed',
  })),
});
