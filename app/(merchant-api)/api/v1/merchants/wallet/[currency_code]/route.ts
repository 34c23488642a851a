import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { currencyCodeParams, getWallet } from '@/lib/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read, params: currencyCodeParams }, async ({ ctx, params }) => ({
    data: await getWallet(ctx.db, ctx.merchant.id, params.currency_code),
    message: 'Wallet retrieved',
  })),
});
