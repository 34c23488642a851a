import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/links/contract';
import { createPaymentLink, listPaymentLinks } from '@/lib/checkout/links/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listPaymentLinks, async ({ ctx, query }) => ({
    ...(await listPaymentLinks(ctx.db, ctx.tenant, query)),
    message: 'Payment links retrieved',
  })),
  POST: merchantEndpoint(contract.createPaymentLink, async ({ ctx, body }) => ({
    data: await createPaymentLink(ctx, body),
    message: 'Payment link created',
  })),
});
