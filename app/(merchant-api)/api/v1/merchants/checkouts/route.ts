import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/checkouts/contract';
import { createCheckout } from '@/lib/checkouts/create-checkout';
import { listCheckouts } from '@/lib/checkouts/read-checkouts';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listCheckouts, async ({ ctx, query }) => ({
    data: await listCheckouts(ctx.db, ctx.merchant.id, query),
    message: 'Checkouts retrieved',
  })),
  POST: merchantEndpoint(contract.createCheckout, async ({ ctx, body }) => ({
    data: await createCheckout(ctx, body),
    message: 'Checkout created',
  })),
});
