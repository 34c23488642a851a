import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/contract';
import { createCheckout } from '@/lib/checkout/create-checkout';
import { listCheckouts } from '@/lib/checkout/read-checkouts';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listCheckouts, async ({ ctx, query }) => ({
    data: await listCheckouts(ctx.db, ctx.tenant, query),
    message: 'Checkouts retrieved',
  })),
  POST: merchantEndpoint(contract.createCheckout, async ({ ctx, body }) => ({
    data: await createCheckout(ctx, body),
    message: 'Checkout created',
  })),
});
