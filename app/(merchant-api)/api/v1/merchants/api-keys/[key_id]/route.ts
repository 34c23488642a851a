import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/api-keys/contract';
import { revokeApiKey } from '@/lib/api-keys/revoke-api-key';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: merchantEndpoint(contract.revokeApiKey, async ({ ctx, params }) => ({
    data: await revokeApiKey(ctx.db, { merchantId: ctx.merchant.id, keyId: params.key_id, revokedBy: ctx.merchant.id }),
    message: 'API key revoked',
  })),
});
