import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/approvals/contract';
import { listAwaitingApproval } from '@/lib/approvals/approvals';

/** Bank transfers claimed or received, oldest first, waiting for an operator. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint(contract.listCheckoutsAwaitingApproval, async ({ ctx, query }) => ({
    data: await listAwaitingApproval(ctx.db, query),
    message: 'Checkouts awaiting approval',
  })),
});
