import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import { findTenant } from '@/lib/operator/merchants/tenants';
import * as contract from '@/lib/books/wallets/contract';
import { operatorUpdateWallet } from '@/lib/books/wallets/manage-wallet';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: operatorEndpoint(contract.updateMerchantWallet, async ({ ctx, params, query, body }) => ({
    data: await operatorUpdateWallet(
      ctx.db,
      await findTenant(ctx.db, params.merchant_id, query.mode),
      params.currency_code,
      body,
    ),
    message: 'Wallet updated',
  })),
});
