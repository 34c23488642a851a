import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/embed/contract';
import { createEmbedSession, listEmbedSessions } from '@/lib/checkout/embed/sessions';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listEmbedSessions, async ({ ctx, query }) => ({
    ...(await listEmbedSessions(ctx.db, ctx.tenant, query)),
    message: 'Embed sessions retrieved',
  })),
  POST: merchantEndpoint(contract.createEmbedSession, async ({ ctx, body }) => ({
    data: await createEmbedSession(ctx, body),
    message: 'Embed session created',
  })),
});
