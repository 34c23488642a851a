import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/webhooks/contract';
import { listDeliveries } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWebhookDeliveries, async ({ ctx, params, query }) => ({
    ...(await listDeliveries(ctx.db, ctx.merchant.id, params.webhook_id, query)),
    message: 'Deliveries retrieved',
  })),
});
