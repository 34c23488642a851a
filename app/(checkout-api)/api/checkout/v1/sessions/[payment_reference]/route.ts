import { checkoutEndpoint } from '@/lib/collections/hosted-page/endpoint';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/collections/hosted-page/contract';
import { presentSession } from '@/lib/collections/hosted-page/present';
import { readSessionFacts } from '@/lib/collections/hosted-page/session-facts';

/** Everything the hosted page shows. Reads only: link scanners may fetch it freely. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: checkoutEndpoint(
    contract.getCheckoutSession,
    async ({ ctx }) => ({ data: presentSession(ctx), message: 'Checkout session retrieved' }),
    readSessionFacts,
  ),
});
