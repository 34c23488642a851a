import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/money-out/payment-accounts/contract';
import { deletePaymentAccount, getPaymentAccount, updatePaymentAccount } from '@/lib/money-out/payment-accounts/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getPaymentAccount, async ({ ctx, params }) => ({
    data: await getPaymentAccount(ctx.db, ctx.tenant, params.account_id),
    message: 'Payment account retrieved',
  })),
  PUT: merchantEndpoint(contract.updatePaymentAccount, async ({ ctx, params, body }) => ({
    data: await updatePaymentAccount(ctx.db, ctx.tenant, params.account_id, body),
    message: 'Payment account updated',
  })),
  DELETE: merchantEndpoint(contract.deletePaymentAccount, async ({ ctx, params }) => ({
    data: await deletePaymentAccount(ctx.db, ctx.tenant, params.account_id),
    message: 'Payment account deleted',
  })),
});
