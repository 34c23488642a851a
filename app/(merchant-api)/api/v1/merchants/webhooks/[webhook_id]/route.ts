import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { updateWebhookInput, webhookIdParams as params } from '@/lib/webhooks/input';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.webhookRead, params }, async ({ ctx, params }) => ({
    data: await getWebhook(ctx.db, ctx.merchant.id, params.webhook_id),
    message: 'Webhook retrieved',
  })),
  PUT: merchantEndpoint({ permission: needs.webhookWrite, params, body: updateWebhookInput }, async ({ ctx, params, body }) => ({
    data: await updateWebhook(ctx.db, ctx.merchant.id, params.webhook_id, body),
    message: 'Webhook updated',
  })),
  DELETE: merchantEndpoint({ permission: needs.webhookWrite, params }, async ({ ctx, params }) => ({
    data: await deleteWebhook(ctx.db, ctx.merchant.id, params.webhook_id),
    message: 'Webhook deleted',
  })),
});
