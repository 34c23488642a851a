import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { listDeliveriesQuery, webhookIdParams as params } from '@/lib/webhooks/input';
import { listDeliveries } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.webhookRead, params, query: listDeliveriesQuery }, async ({ ctx, params, query }) => ({
    ...(await listDeliveries(ctx.db, ctx.merchant.id, params.webhook_id, query)),
    message: 'Deliveries retrieved',
  })),
});
