import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { checkoutIdParams } from '@/lib/checkouts/input';
import { rejectCheckout, rejectInput } from '@/lib/approvals/approvals';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint({ params: checkoutIdParams, body: rejectInput }, async ({ ctx, params, body }) => ({
    data: await rejectCheckout(ctx.db, ctx.adminId, params.checkout_id, body),
    message: 'Checkout rejected',
  })),
});
