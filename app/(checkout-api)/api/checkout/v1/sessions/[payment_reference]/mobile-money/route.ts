import { checkoutEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/checkout-session/contract';
import { startMobileMoney } from '@/lib/checkout-session/pay';
import { freshSession } from '@/lib/checkout-session/present';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: checkoutEndpoint(contract.startMobileMoneyPayment, async ({ ctx, body }) => {
    await startMobileMoney(ctx.db, ctx.checkout, body);
    return {
      data: await freshSession(ctx.db, ctx.checkout.id),
      message: 'Approve the payment on your phone',
    };
  }),
});
