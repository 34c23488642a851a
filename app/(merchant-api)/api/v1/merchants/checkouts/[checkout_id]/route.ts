import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/checkouts/contract';
import { getCheckout } from '@/lib/checkouts/read-checkouts';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getCheckout, async ({ ctx, params }) => ({
    data: await getCheckout(ctx.db, ctx.merchant.id, params.checkout_id),
    message: 'Checkout retrieved',
  })),
});
