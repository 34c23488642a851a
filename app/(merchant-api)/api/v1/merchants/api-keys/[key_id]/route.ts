import { merchantEndpoint } from '@/lib/access/endpoints';
import { grantOfKey } from '@/lib/access/permissions';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/merchants/api-keys/contract';
import { revokeApiKey } from '@/lib/merchants/api-keys/revoke-api-key';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: merchantEndpoint(contract.revokeApiKey, async ({ ctx, params }) => ({
    data: await revokeApiKey(ctx.db, {
      tenant: ctx.tenant,
      keyId: params.key_id,
      revokedBy: ctx.merchant.id,
      grant: grantOfKey(ctx.apiKey),
    }),
    message: 'API key revoked',
  })),
});
