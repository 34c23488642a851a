import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/money-out/contract';
import { getPayout } from '@/lib/money-out/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getPayout, async ({ ctx, params }) => ({
    data: await getPayout(ctx.db, ctx.tenant, 'payout', params.transaction_id),
    message: 'Payout retrieved',
  })),
});
