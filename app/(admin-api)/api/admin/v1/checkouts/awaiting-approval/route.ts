import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/collections/approvals/contract';
import { listAwaitingApproval } from '@/lib/collections/approvals/approvals';

/** Bank transfers claimed or received, oldest first, waiting for an operator. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint(contract.listCheckoutsAwaitingApproval, async ({ ctx, query }) => ({
    data: await listAwaitingApproval(ctx.db, query),
    message: 'Checkouts awaiting approval',
  })),
});
