import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { currencyCodeParams, updateWalletStatus, walletStatusInput } from '@/lib/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: merchantEndpoint(
    { permission: needs.write, params: currencyCodeParams, body: walletStatusInput },
    async ({ ctx, params, body }) => ({
      data: await updateWalletStatus(ctx.db, ctx.merchant.id, params.currency_code, body),
      message: 'Wallet status updated',
    }),
  ),
});
