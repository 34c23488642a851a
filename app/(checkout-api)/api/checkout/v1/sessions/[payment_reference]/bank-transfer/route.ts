import { checkoutEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/checkout-session/contract';
import { chooseBankTransfer } from '@/lib/checkout-session/pay';
import { freshSession } from '@/lib/checkout-session/present';

/** Choose bank transfer: the session's latest_attempt.bank_account says where to send the exact amount. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: checkoutEndpoint(contract.chooseBankTransferPayment, async ({ ctx }) => {
    await chooseBankTransfer(ctx.db, ctx.checkout);
    return {
      data: await freshSession(ctx.db, ctx.checkout.id),
      message: 'Bank transfer details',
    };
  }),
});
