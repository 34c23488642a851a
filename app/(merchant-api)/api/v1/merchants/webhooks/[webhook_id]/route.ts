import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/notifications/webhooks/contract';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/notifications/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getWebhook, async ({ ctx, params }) => ({
    data: await getWebhook(ctx.db, ctx.tenant, params.webhook_id),
    message: 'Webhook retrieved',
  })),
  PUT: merchantEndpoint(contract.updateWebhook, async ({ ctx, params, body }) => ({
    data: await updateWebhook(ctx.db, ctx.tenant, params.webhook_id, body),
    message: 'Webhook updated',
  })),
  DELETE: merchantEndpoint(contract.deleteWebhook, async ({ ctx, params }) => ({
    data: await deleteWebhook(ctx.db, ctx.tenant, params.webhook_id),
    message: 'Webhook deleted',
  })),
});
