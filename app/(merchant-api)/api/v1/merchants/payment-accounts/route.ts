import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/money-out/payment-accounts/contract';
import { addPaymentAccount, listPaymentAccounts } from '@/lib/money-out/payment-accounts/manage';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listPaymentAccounts, async ({ ctx, query }) => ({
    data: await listPaymentAccounts(ctx.db, ctx.tenant, query.currency_code),
    message: 'Payment accounts retrieved',
  })),
  POST: merchantEndpoint(contract.createPaymentAccount, async ({ ctx, body }) => ({
    data: await addPaymentAccount(ctx.db, ctx.tenant, body),
    message: 'Payment account added',
  })),
});
