import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/money-out/contract';
import { cancelPayout } from '@/lib/money-out/progress';

/** Only while pending, with a reason; the money goes back at once. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.cancelPayout, async ({ ctx, params, body }) => ({
    data: await cancelPayout(ctx.db, ctx.tenant, 'payout', params.transaction_id, body.reason),
    message: 'Payout cancelled',
  })),
});
