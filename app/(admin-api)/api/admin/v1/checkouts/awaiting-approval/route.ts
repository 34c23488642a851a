import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { listCheckoutsQuery } from '@/lib/checkouts/input';
import { listAwaitingApproval } from '@/lib/approvals/approvals';

/** Bank transfers claimed or received, oldest first, waiting for an operator. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint({ query: listCheckoutsQuery }, async ({ ctx, query }) => ({
    data: await listAwaitingApproval(ctx.db, query),
    message: 'Checkouts awaiting approval',
  })),
});
