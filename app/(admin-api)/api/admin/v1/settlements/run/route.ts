import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/settlement/contract';
import { runSettlement } from '@/lib/books/settlement/run-settlement';
import { formatTimestamp } from '@/lib/platform/time';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint(contract.runSettlement, async ({ ctx, body }) => {
    const run = await runSettlement(ctx.db, { asOf: body.as_of, merchantId: body.merchant_id });
    return {
      data: { cutoff: formatTimestamp(run.cutoff), batches: run.batches, checkouts_completed: run.checkouts_completed },
      message: `Settled ${run.batches.length} batch${run.batches.length === 1 ? '' : 'es'}`,
    };
  }),
});
