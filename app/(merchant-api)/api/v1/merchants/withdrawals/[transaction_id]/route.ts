import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/payouts/contract';
import { getPayout } from '@/lib/payouts/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getWithdrawal, async ({ ctx, params }) => ({
    data: await getPayout(ctx.db, ctx.merchant.id, 'withdrawal', params.transaction_id),
    message: 'Withdrawal retrieved',
  })),
});
