import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/approvals/contract';
import { approveCheckout } from '@/lib/approvals/approvals';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint(contract.approveCheckout, async ({ ctx, params, body }) => ({
    data: await approveCheckout(ctx.db, ctx.adminId, params.checkout_id, body),
    message: 'Checkout approved',
  })),
});
