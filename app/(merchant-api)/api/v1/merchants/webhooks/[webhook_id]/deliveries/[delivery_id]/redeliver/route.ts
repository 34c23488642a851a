import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/webhooks/contract';
import { redeliver } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.redeliverWebhookDelivery, async ({ ctx, params }) => ({
    data: await redeliver(ctx.db, ctx.merchant.id, params.webhook_id, params.delivery_id),
    message: 'Redelivery queued',
  })),
});
