import { checkoutEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/checkout-session/contract';
import { presentSession } from '@/lib/checkout-session/present';

/** What the page polls while a payment is under way. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: checkoutEndpoint(contract.getCheckoutSessionStatus, async ({ ctx }) => {
    const session = await presentSession(ctx.db, ctx.checkout);
    return {
      data: {
        status: session.checkout.status,
        approval_status: session.checkout.approval_status,
        paid_at: session.checkout.paid_at,
        latest_attempt: session.latest_attempt,
        received: session.received,
        success_redirect_url: session.success_redirect_url,
        server_time: session.server_time,
      },
      message: 'Checkout status retrieved',
    };
  }),
});
