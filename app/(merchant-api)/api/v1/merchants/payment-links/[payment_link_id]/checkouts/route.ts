import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/links/contract';
import { listPaymentLinkCheckouts } from '@/lib/checkout/links/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listPaymentLinkCheckouts, async ({ ctx, params, query }) => ({
    data: await listPaymentLinkCheckouts(ctx.db, ctx.tenant, params.payment_link_id, query),
    message: 'Checkouts retrieved',
  })),
});
