import { z } from 'zod';
import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { currencyCodeParams, operatorUpdateWallet, operatorWalletInput } from '@/lib/wallets/manage-wallet';

const params = currencyCodeParams.extend({ merchant_id: z.uuid({ error: 'must be a UUID' }) });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: operatorEndpoint({ params, body: operatorWalletInput }, async ({ ctx, params, body }) => ({
    data: await operatorUpdateWallet(ctx.db, params.merchant_id, params.currency_code, body),
    message: 'Wallet updated',
  })),
});
