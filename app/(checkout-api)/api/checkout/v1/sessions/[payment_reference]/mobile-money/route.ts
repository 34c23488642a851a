import { checkoutEndpoint } from '@/lib/collections/hosted-page/endpoint';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/collections/hosted-page/contract';
import { startMobileMoney } from '@/lib/collections/hosted-page/pay';
import { freshSession } from '@/lib/collections/hosted-page/present';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: checkoutEndpoint(contract.startMobileMoneyPayment, async ({ ctx, body }) => {
    await startMobileMoney(ctx.db, ctx.checkout, body);
    return {
      data: await freshSession(ctx.db, ctx.checkout.id),
      message: 'Approve the payment on your phone',
    };
  }),
});
