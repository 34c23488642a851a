import { checkoutEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/checkout-session/contract';
import { claimBankTransfer } from '@/lib/checkout-session/pay';
import { freshSession } from '@/lib/checkout-session/present';

/** "I have sent the transfer". */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: checkoutEndpoint(contract.claimBankTransferPayment, async ({ ctx }) => {
    await claimBankTransfer(ctx.db, ctx.checkout);
    return {
      data: await freshSession(ctx.db, ctx.checkout.id),
      message: 'Transfer noted; we will confirm it as soon as it arrives',
    };
  }),
});
