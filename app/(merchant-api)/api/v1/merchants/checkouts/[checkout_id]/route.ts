import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { checkoutIdParams } from '@/lib/checkouts/input';
import { getCheckout } from '@/lib/checkouts/read-checkouts';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.checkoutRead, params: checkoutIdParams }, async ({ ctx, params }) => ({
    data: await getCheckout(ctx.db, ctx.merchant.id, params.checkout_id),
    message: 'Checkout retrieved',
  })),
});
