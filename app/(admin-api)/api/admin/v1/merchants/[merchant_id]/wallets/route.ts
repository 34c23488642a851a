import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import { getMerchant } from '@/lib/operator/merchants/manage-merchant';
import * as contract from '@/lib/books/wallets/contract';
import { listWallets } from '@/lib/books/wallets/list-wallets';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint(contract.listMerchantWallets, async ({ ctx, params }) => {
    await getMerchant(ctx.db, params.merchant_id); // 404 for an unknown merchant
    return { data: await listWallets(ctx.db, params.merchant_id, 'operator'), message: 'Wallets retrieved' };
  }),
});
