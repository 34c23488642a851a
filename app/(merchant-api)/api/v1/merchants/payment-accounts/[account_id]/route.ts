import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { paymentAccountIdParams, updatePaymentAccountInput } from '@/lib/payment-accounts/input';
import { deletePaymentAccount, getPaymentAccount, updatePaymentAccount } from '@/lib/payment-accounts/manage';

const params = paymentAccountIdParams;

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read, params }, async ({ ctx, params }) => ({
    data: await getPaymentAccount(ctx.db, ctx.merchant.id, params.account_id),
    message: 'Payment account retrieved',
  })),
  PUT: merchantEndpoint({ permission: needs.write, params, body: updatePaymentAccountInput }, async ({ ctx, params, body }) => ({
    data: await updatePaymentAccount(ctx.db, ctx.merchant.id, params.account_id, body),
    message: 'Payment account updated',
  })),
  DELETE: merchantEndpoint({ permission: needs.write, params }, async ({ ctx, params }) => ({
    data: await deletePaymentAccount(ctx.db, ctx.merchant.id, params.account_id),
    message: 'Payment account deleted',
  })),
});
