import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/ledger/contract';
import { reconcileLedger } from '@/lib/ledger/reconcile';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint(contract.getLedgerReconciliation, async ({ ctx, query }) => {
    const report = await reconcileLedger(ctx.db, query.merchant_id);
    return { data: report, message: report.balanced ? 'The ledger reconciles' : 'The ledger does not reconcile' };
  }),
});
