import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/operator/merchants/contract';
import { getMerchant, updateMerchant } from '@/lib/operator/merchants/manage-merchant';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint(contract.getMerchant, async ({ ctx, params }) => ({
    data: await getMerchant(ctx.db, params.merchant_id),
    message: 'Merchant retrieved',
  })),
  PATCH: operatorEndpoint(contract.updateMerchant, async ({ ctx, params, body }) => ({
    data: await updateMerchant(ctx.db, params.merchant_id, body),
    message: 'Merchant updated',
  })),
});
