import { checkoutEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/checkout-session/contract';
import { presentSession } from '@/lib/checkout-session/present';

/** Everything the hosted page shows. Reads only: link scanners may fetch it freely. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: checkoutEndpoint(contract.getCheckoutSession, async ({ ctx }) => ({
    data: await presentSession(ctx.db, ctx.checkout),
    message: 'Checkout session retrieved',
  })),
});
