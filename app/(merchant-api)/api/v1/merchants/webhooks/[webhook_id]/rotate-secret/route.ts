import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/webhooks/contract';
import { rotateWebhookSecret } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.rotateWebhookSecret, async ({ ctx, params }) => ({
    data: await rotateWebhookSecret(ctx.db, ctx.merchant.id, params.webhook_id),
    message: 'Secret rotated: the previous secret keeps signing for 24 hours',
  })),
});
