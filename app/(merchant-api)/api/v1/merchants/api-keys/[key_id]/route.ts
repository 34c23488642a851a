import { z } from 'zod';
import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { revokeApiKey } from '@/lib/api-keys/revoke-api-key';

const params = z.strictObject({ key_id: z.uuid({ error: 'must be a UUID' }) });

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: merchantEndpoint({ permission: needs.fullAccess, params }, async ({ ctx, params }) => ({
    data: await revokeApiKey(ctx.db, { merchantId: ctx.merchant.id, keyId: params.key_id, revokedBy: ctx.merchant.id }),
    message: 'API key revoked',
  })),
});
