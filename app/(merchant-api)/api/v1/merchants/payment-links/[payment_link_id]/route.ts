import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/links/contract';
import { getPaymentLink, updatePaymentLink } from '@/lib/checkout/links/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getPaymentLink, async ({ ctx, params }) => ({
    data: await getPaymentLink(ctx.db, ctx.tenant, params.payment_link_id),
    message: 'Payment link retrieved',
  })),
  PATCH: merchantEndpoint(contract.updatePaymentLink, async ({ ctx, params, body }) => ({
    data: await updatePaymentLink(ctx.db, ctx.tenant, params.payment_link_id, body),
    message: 'Payment link updated',
  })),
});
