import { checkoutEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { claimBankTransfer } from '@/lib/checkout-session/pay';
import { presentSession } from '@/lib/checkout-session/present';
import { findCheckoutById } from '@/lib/checkouts/read-checkouts';

/** "I have sent the transfer". */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: checkoutEndpoint({ write: true }, async ({ ctx }) => {
    await claimBankTransfer(ctx.db, ctx.checkout);
    return {
      data: await presentSession(ctx.db, await findCheckoutById(ctx.db, ctx.checkout.id)),
      message: 'Transfer noted; we will confirm it as soon as it arrives',
    };
  }),
});
