import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { listSettlementBatches, listSettlementsQuery } from '@/lib/settlement/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read, query: listSettlementsQuery }, async ({ ctx, query }) => ({
    ...(await listSettlementBatches(ctx.db, ctx.merchant.id, query)),
    message: 'Settlement batches retrieved',
  })),
});
