import { checkoutEndpoint } from '@/lib/collections/hosted-page/endpoint';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/collections/hosted-page/contract';
import { chooseBankTransfer } from '@/lib/collections/hosted-page/pay';
import { freshSession } from '@/lib/collections/hosted-page/present';

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
