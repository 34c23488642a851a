import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/embed/contract';
import { createEmbedSession, listEmbedSessions } from '@/lib/embed/sessions';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listEmbedSessions, async ({ ctx, query }) => ({
    ...(await listEmbedSessions(ctx.db, ctx.merchant.id, query)),
    message: 'Embed sessions retrieved',
  })),
  POST: merchantEndpoint(contract.createEmbedSession, async ({ ctx, body }) => ({
    data: await createEmbedSession(ctx, body),
    message: 'Embed session created',
  })),
});
