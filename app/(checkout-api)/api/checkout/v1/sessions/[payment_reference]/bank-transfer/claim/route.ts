import { checkoutEndpoint } from '@/lib/collections/hosted-page/endpoint';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/collections/hosted-page/contract';
import { claimBankTransfer } from '@/lib/collections/hosted-page/pay';
import { freshSession } from '@/lib/collections/hosted-page/present';

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
