import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/payment-accounts/contract';
import { deletePaymentAccount, getPaymentAccount, updatePaymentAccount } from '@/lib/payment-accounts/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getPaymentAccount, async ({ ctx, params }) => ({
    data: await getPaymentAccount(ctx.db, ctx.merchant.id, params.account_id),
    message: 'Payment account retrieved',
  })),
  PUT: merchantEndpoint(contract.updatePaymentAccount, async ({ ctx, params, body }) => ({
    data: await updatePaymentAccount(ctx.db, ctx.merchant.id, params.account_id, body),
    message: 'Payment account updated',
  })),
  DELETE: merchantEndpoint(contract.deletePaymentAccount, async ({ ctx, params }) => ({
    data: await deletePaymentAccount(ctx.db, ctx.merchant.id, params.account_id),
    message: 'Payment account deleted',
  })),
});
