import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/approvals/contract';
import { rejectCheckout } from '@/lib/approvals/approvals';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint(contract.rejectCheckout, async ({ ctx, params, body }) => ({
    data: await rejectCheckout(ctx.db, ctx.adminId, params.checkout_id, body),
    message: 'Checkout rejected',
  })),
});
