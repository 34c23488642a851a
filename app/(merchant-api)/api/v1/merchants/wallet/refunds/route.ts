import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { refundInput } from '@/lib/transactions/input';
import { refundDeposit } from '@/lib/transactions/refunds';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint({ permission: needs.write, body: refundInput, idempotent: true }, async ({ ctx, body }) => ({
    data: await refundDeposit(ctx, body, ctx.idempotencyKey),
    message: 'Refund processed',
  })),
});
