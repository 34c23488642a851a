import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/payouts/contract';
import { initiatePayout } from '@/lib/payouts/initiate';
import { listPayouts } from '@/lib/payouts/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listPayouts, async ({ ctx, query }) => ({
    ...(await listPayouts(ctx.db, ctx.merchant.id, 'payout', query)),
    message: 'Payouts retrieved',
  })),
  POST: merchantEndpoint(contract.createPayout, async ({ ctx, body }) => ({
    data: await initiatePayout(ctx, 'payout', body),
    message: 'Payout initiated',
  })),
});
