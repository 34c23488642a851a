import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { webhookIdParams as params } from '@/lib/webhooks/input';
import { rotateWebhookSecret } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint({ permission: needs.webhookWrite, params }, async ({ ctx, params }) => ({
    data: await rotateWebhookSecret(ctx.db, ctx.merchant.id, params.webhook_id),
    message: 'Secret rotated: the previous secret keeps signing for 24 hours',
  })),
});
