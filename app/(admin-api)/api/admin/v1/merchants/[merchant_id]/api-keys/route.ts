import { z } from 'zod';
import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { createApiKeyInput } from '@/lib/api-keys/input';
import { createApiKey } from '@/lib/api-keys/create-api-key';
import { getMerchant } from '@/lib/merchants/manage-merchant';

const params = z.strictObject({ merchant_id: z.uuid({ error: 'must be a UUID' }) });

/** Recovery: an operator issues a fresh key to a merchant that revoked or lost all of its keys. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint({ params, body: createApiKeyInput }, async ({ ctx, params, body }) => {
    await getMerchant(ctx.db, params.merchant_id);
    return {
      data: await createApiKey(ctx.db, { merchantId: params.merchant_id, createdBy: ctx.adminId, input: body }),
      message: 'API key created',
    };
  }),
});
