import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/embed/contract';
import { getEmbedSession } from '@/lib/embed/sessions';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getEmbedSession, async ({ ctx, params }) => ({
    data: await getEmbedSession(ctx.db, ctx.merchant.id, params.embed_session_id),
    message: 'Embed session retrieved',
  })),
});
