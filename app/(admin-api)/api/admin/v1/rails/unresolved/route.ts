import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/operator/rails/contract';
import { listUnresolvedOnRails } from '@/lib/operator/rails/unresolved';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint(contract.listUnresolvedOnRails, async ({ ctx, query }) => ({
    data: await listUnresolvedOnRails(ctx.db, query.older_than_minutes),
    message: 'Unresolved on the live rails',
  })),
});
