import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/contract';
import { cancelCheckout } from '@/lib/checkout/cancel-checkout';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.cancelCheckout, async ({ ctx, params }) => ({
    data: await cancelCheckout(ctx.db, ctx.tenant, params.checkout_id),
    message: 'Checkout cancelled',
  })),
});
