import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/wallets/contract';
import { operatorUpdateWallet } from '@/lib/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: operatorEndpoint(contract.updateMerchantWallet, async ({ ctx, params, body }) => ({
    data: await operatorUpdateWallet(ctx.db, params.merchant_id, params.currency_code, body),
    message: 'Wallet updated',
  })),
});
