import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/embed/contract';
import { disableEmbedSession } from '@/lib/embed/sessions';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.disableEmbedSession, async ({ ctx, params }) => ({
    data: await disableEmbedSession(ctx.db, ctx.merchant.id, params.embed_session_id),
    message: 'Embed session disabled',
  })),
});
