import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/notifications/webhooks/contract';
import { rotateWebhookSecret } from '@/lib/notifications/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.rotateWebhookSecret, async ({ ctx, params }) => ({
    data: await rotateWebhookSecret(ctx.db, ctx.tenant, params.webhook_id),
    message: 'Secret rotated: the previous secret keeps signing for 24 hours',
  })),
});
