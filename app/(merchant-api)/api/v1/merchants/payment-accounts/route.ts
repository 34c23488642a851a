import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { addPaymentAccountInput, listPaymentAccountsQuery } from '@/lib/payment-accounts/input';
import { addPaymentAccount, listPaymentAccounts } from '@/lib/payment-accounts/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read, query: listPaymentAccountsQuery }, async ({ ctx, query }) => ({
    data: await listPaymentAccounts(ctx.db, ctx.merchant.id, query.currency_code),
    message: 'Payment accounts retrieved',
  })),
  POST: merchantEndpoint({ permission: needs.write, body: addPaymentAccountInput }, async ({ ctx, body }) => ({
    data: await addPaymentAccount(ctx.db, ctx.merchant.id, body),
    message: 'Payment account added',
  })),
});
