import { z } from 'zod';
import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { getMerchant, updateMerchant, updateMerchantInput } from '@/lib/merchants/manage-merchant';

const params = z.strictObject({ merchant_id: z.uuid({ error: 'must be a UUID' }) });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: operatorEndpoint({ params }, async ({ ctx, params }) => ({
    data: await getMerchant(ctx.db, params.merchant_id),
    message: 'Merchant retrieved',
  })),
  PATCH: operatorEndpoint({ params, body: updateMerchantInput }, async ({ ctx, params, body }) => ({
    data: await updateMerchant(ctx.db, params.merchant_id, body),
    message: 'Merchant updated',
  })),
});
