import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/notifications/webhooks/contract';
import { sendTestEvent } from '@/lib/notifications/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.sendWebhookTest, async ({ ctx, params }) => ({
    data: await sendTestEvent(ctx.db, ctx.tenant, params.webhook_id),
    message: 'Test event queued',
  })),
});
