import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/ledger/contract';
import { reconcileLedger } from '@/lib/books/ledger/reconcile';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint(contract.getLedgerReconciliation, async ({ ctx, query }) => {
    const report = await reconcileLedger(ctx.db, query.merchant_id);
    return { data: report, message: report.balanced ? 'The ledger reconciles' : 'The ledger does not reconcile' };
  }),
});
