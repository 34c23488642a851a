import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { webhookIdParams as params } from '@/lib/webhooks/input';
import { sendTestEvent } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint({ permission: needs.webhookWrite, params }, async ({ ctx, params }) => ({
    data: await sendTestEvent(ctx.db, ctx.merchant.id, params.webhook_id),
    message: 'Test event queued',
  })),
});
