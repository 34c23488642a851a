import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/wallets/contract';
import { operatorUpdateWallet } from '@/lib/books/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: operatorEndpoint(contract.updateMerchantWallet, async ({ ctx, params, body }) => ({
    data: await operatorUpdateWallet(ctx.db, params.merchant_id, params.currency_code, body),
    message: 'Wallet updated',
  })),
});
