import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/embed/contract';
import { getEmbedSession } from '@/lib/checkout/embed/sessions';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getEmbedSession, async ({ ctx, params }) => ({
    data: await getEmbedSession(ctx.db, ctx.tenant, params.embed_session_id),
    message: 'Embed session retrieved',
  })),
});
