import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/money-out/contract';
import { initiatePayout } from '@/lib/money-out/initiate';
import { listPayouts } from '@/lib/money-out/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listPayouts, async ({ ctx, query }) => ({
    ...(await listPayouts(ctx.db, ctx.tenant, 'payout', query)),
    message: 'Payouts retrieved',
  })),
  POST: merchantEndpoint(contract.createPayout, async ({ ctx, body }) => ({
    data: await initiatePayout(ctx, 'payout', body),
    message: 'Payout initiated',
  })),
});
