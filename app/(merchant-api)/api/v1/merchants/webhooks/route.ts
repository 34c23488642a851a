import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/webhooks/contract';
import { createWebhook, listWebhooks } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWebhooks, async ({ ctx }) => ({
    data: await listWebhooks(ctx.db, ctx.merchant.id),
    message: 'Webhooks retrieved',
  })),
  POST: merchantEndpoint(contract.createWebhook, async ({ ctx, body }) => ({
    data: await createWebhook(ctx.db, ctx.merchant.id, body),
    message: 'Webhook created: store the secret now, it is not shown again',
  })),
});
