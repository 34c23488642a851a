import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { deliveryIdParams as params } from '@/lib/webhooks/input';
import { redeliver } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint({ permission: needs.webhookWrite, params }, async ({ ctx, params }) => ({
    data: await redeliver(ctx.db, ctx.merchant.id, params.webhook_id, params.delivery_id),
    message: 'Redelivery queued',
  })),
});
