import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/settlement/contract';
import { listSettlementBatches } from '@/lib/settlement/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listSettlementBatches, async ({ ctx, query }) => ({
    ...(await listSettlementBatches(ctx.db, ctx.merchant.id, query)),
    message: 'Settlement batches retrieved',
  })),
});
