import { z } from 'zod';
import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { reconcileLedger } from '@/lib/ledger/reconcile';

const query = z.strictObject({ merchant_id: z.uuid({ error: 'must be a UUID' }).optional() });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint({ query }, async ({ ctx, query }) => {
    const report = await reconcileLedger(ctx.db, query.merchant_id);
    return { data: report, message: report.balanced ? 'The ledger reconciles' : 'The ledger does not reconcile' };
  }),
});
