import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/contract';
import { getCheckout } from '@/lib/checkout/read-checkouts';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getCheckout, async ({ ctx, params }) => ({
    data: await getCheckout(ctx.db, ctx.tenant, params.checkout_id),
    message: 'Checkout retrieved',
  })),
});
