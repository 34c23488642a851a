import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/notifications/webhooks/contract';
import { redeliver } from '@/lib/notifications/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.redeliverWebhookDelivery, async ({ ctx, params }) => ({
    data: await redeliver(ctx.db, ctx.tenant, params.webhook_id, params.delivery_id),
    message: 'Redelivery queued',
  })),
});
