import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/notifications/webhooks/contract';
import { listDeliveries } from '@/lib/notifications/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWebhookDeliveries, async ({ ctx, params, query }) => ({
    ...(await listDeliveries(ctx.db, ctx.tenant, params.webhook_id, query)),
    message: 'Deliveries retrieved',
  })),
});
