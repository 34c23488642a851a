import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/money-out/contract';
import { initiatePayout } from '@/lib/money-out/initiate';
import { listPayouts } from '@/lib/money-out/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listWithdrawals, async ({ ctx, query }) => ({
    ...(await listPayouts(ctx.db, ctx.tenant, 'withdrawal', query)),
    message: 'Withdrawals retrieved',
  })),
  POST: merchantEndpoint(contract.createWithdrawal, async ({ ctx, body }) => ({
    data: await initiatePayout(ctx, 'withdrawal', body),
    message: 'Withdrawal initiated',
  })),
});
