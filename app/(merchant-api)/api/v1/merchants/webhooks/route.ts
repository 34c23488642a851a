import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/notifications/webhooks/contract';
import { createWebhook, listWebhooks } from '@/lib/notifications/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWebhooks, async ({ ctx }) => ({
    data: await listWebhooks(ctx.db, ctx.tenant),
    message: 'Webhooks retrieved',
  })),
  POST: merchantEndpoint(contract.createWebhook, async ({ ctx, body }) => ({
    data: await createWebhook(ctx.db, ctx.tenant, body),
    message: 'Webhook created: store the secret now, it is not shown again',
  })),
});
