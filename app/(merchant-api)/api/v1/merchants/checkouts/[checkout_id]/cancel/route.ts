import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/checkouts/contract';
import { cancelCheckout } from '@/lib/checkouts/cancel-checkout';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.cancelCheckout, async ({ ctx, params }) => ({
    data: await cancelCheckout(ctx.db, ctx.merchant.id, params.checkout_id),
    message: 'Checkout cancelled',
  })),
});
