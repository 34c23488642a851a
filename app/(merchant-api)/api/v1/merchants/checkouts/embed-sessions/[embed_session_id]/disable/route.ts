import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/embed/contract';
import { disableEmbedSession } from '@/lib/checkout/embed/sessions';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.disableEmbedSession, async ({ ctx, params }) => ({
    data: await disableEmbedSession(ctx.db, ctx.tenant, params.embed_session_id),
    message: 'Embed session disabled',
  })),
});
