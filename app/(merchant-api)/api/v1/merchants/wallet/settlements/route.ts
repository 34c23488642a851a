import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/settlement/contract';
import { listSettlementBatches } from '@/lib/books/settlement/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listSettlementBatches, async ({ ctx, query }) => ({
    ...(await listSettlementBatches(ctx.db, ctx.tenant, query)),
    message: 'Settlement batches retrieved',
  })),
});
