import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import { findTenant } from '@/lib/operator/merchants/tenants';
import * as contract from '@/lib/books/wallets/contract';
import { listWallets } from '@/lib/books/wallets/list-wallets';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint(contract.listMerchantWallets, async ({ ctx, params, query }) => {
    const tenant = await findTenant(ctx.db, params.merchant_id, query.mode); // 404 for an unknown merchant
    return { data: await listWallets(ctx.db, tenant, 'operator'), message: 'Wallets retrieved' };
  }),
});
