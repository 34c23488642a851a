import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/operator/merchants/contract';
import { createApiKey } from '@/lib/merchants/api-keys/create-api-key';
import { FULL_GRANT } from '@/lib/access/permissions';
import { findTenant } from '@/lib/operator/merchants/tenants';

/** Recovery: an operator issues a fresh key to a merchant that revoked or lost all of its keys. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint(contract.createMerchantApiKey, async ({ ctx, params, query, body }) => {
    const tenant = await findTenant(ctx.db, params.merchant_id, query.mode);
    return {
      data: await createApiKey(ctx.db, {
        tenant,
        maker: { createdBy: ctx.adminId, creatorUserId: null, grant: FULL_GRANT },
        input: body,
      }),
      message: 'API key created',
    };
  }),
});
