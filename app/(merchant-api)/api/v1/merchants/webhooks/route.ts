import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { createWebhookInput } from '@/lib/webhooks/input';
import { createWebhook, listWebhooks } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.webhookRead }, async ({ ctx }) => ({
    data: await listWebhooks(ctx.db, ctx.merchant.id),
    message: 'Webhooks retrieved',
  })),
  POST: merchantEndpoint({ permission: needs.webhookWrite, body: createWebhookInput }, async ({ ctx, body }) => ({
    data: await createWebhook(ctx.db, ctx.merchant.id, body),
    message: 'Webhook created: store the secret now, it is not shown again',
  })),
});
