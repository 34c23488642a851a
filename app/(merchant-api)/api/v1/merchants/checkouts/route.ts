import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { createCheckoutInput, listCheckoutsQuery } from '@/lib/checkouts/input';
import { createCheckout } from '@/lib/checkouts/create-checkout';
import { listCheckouts } from '@/lib/checkouts/read-checkouts';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.checkoutRead, query: listCheckoutsQuery }, async ({ ctx, query }) => ({
    data: await listCheckouts(ctx.db, ctx.merchant.id, query),
    message: 'Checkouts retrieved',
  })),
  POST: merchantEndpoint(
    { permission: needs.checkoutWrite, body: createCheckoutInput, idempotent: true },
    async ({ ctx, body }) => ({ data: await createCheckout(ctx, body), message: 'Checkout created' }),
  ),
});
