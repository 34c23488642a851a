import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/collections/approvals/contract';
import { approveCheckout } from '@/lib/collections/approvals/approvals';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint(contract.approveCheckout, async ({ ctx, params, body }) => ({
    data: await approveCheckout(ctx.db, ctx.adminId, params.checkout_id, body),
    message: 'Checkout approved',
  })),
});
