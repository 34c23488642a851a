import { checkoutEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { startMobileMoney, startMobileMoneyInput } from '@/lib/checkout-session/pay';
import { freshSession } from '@/lib/checkout-session/present';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: checkoutEndpoint({ write: true, body: startMobileMoneyInput }, async ({ ctx, body }) => {
    await startMobileMoney(ctx.db, ctx.checkout, body);
    return {
      data: await freshSession(ctx.db, ctx.checkout.id),
      message: 'Approve the payment on your phone',
    };
  }),
});
