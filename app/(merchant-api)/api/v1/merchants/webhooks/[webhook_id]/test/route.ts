import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/webhooks/contract';
import { sendTestEvent } from '@/lib/webhooks/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.sendWebhookTest, async ({ ctx, params }) => ({
    data: await sendTestEvent(ctx.db, ctx.merchant.id, params.webhook_id),
    message: 'Test event queued',
  })),
});
