import { checkoutEndpoint } from '@/lib/collections/hosted-page/endpoint';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/collections/hosted-page/contract';
import { presentSession } from '@/lib/collections/hosted-page/present';
import { readSessionFacts } from '@/lib/collections/hosted-page/session-facts';

/** What the page polls while a payment is under way. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: checkoutEndpoint(
    contract.getCheckoutSessionStatus,
    async ({ ctx }) => {
      const session = presentSession(ctx);
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
    },
    readSessionFacts,
  ),
});
