import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/payouts/contract';
import { cancelPayout } from '@/lib/payouts/progress';

/** Only while pending, with a reason; the money goes back at once. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.cancelWithdrawal, async ({ ctx, params, body }) => ({
    data: await cancelPayout(ctx.db, ctx.merchant.id, 'withdrawal', params.transaction_id, body.reason),
    message: 'Withdrawal cancelled',
  })),
});
