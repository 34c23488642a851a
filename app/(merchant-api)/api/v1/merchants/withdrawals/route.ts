import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/payouts/contract';
import { initiatePayout } from '@/lib/payouts/initiate';
import { listPayouts } from '@/lib/payouts/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWithdrawals, async ({ ctx, query }) => ({
    ...(await listPayouts(ctx.db, ctx.merchant.id, 'withdrawal', query)),
    message: 'Withdrawals retrieved',
  })),
  POST: merchantEndpoint(contract.createWithdrawal, async ({ ctx, body }) => ({
    data: await initiatePayout(ctx, 'withdrawal', body),
    message: 'Withdrawal initiated',
  })),
});
