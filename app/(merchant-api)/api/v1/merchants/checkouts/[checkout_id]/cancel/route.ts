import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { checkoutIdParams } from '@/lib/checkouts/input';
import { cancelCheckout } from '@/lib/checkouts/cancel-checkout';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint({ permission: needs.checkoutWrite, params: checkoutIdParams }, async ({ ctx, params }) => ({
    data: await cancelCheckout(ctx.db, ctx.merchant.id, params.checkout_id),
    message: 'Checkout cancelled',
  })),
});
