import { merchantEndpoint } from '@/lib/access/endpoints';
import { grantOfKey } from '@/lib/access/permissions';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/merchants/api-keys/contract';
import { createApiKey } from '@/lib/merchants/api-keys/create-api-key';
import { listApiKeys } from '@/lib/merchants/api-keys/list-api-keys';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listApiKeys, async ({ ctx }) => ({
    data: await listApiKeys(ctx.db, ctx.tenant),
    message: 'API keys retrieved',
  })),
  POST: merchantEndpoint(contract.createApiKey, async ({ ctx, body }) => ({
    data: await createApiKey(ctx.db, {
      tenant: ctx.tenant,
      // A key made by a key answers to the same person, and holds no more than its maker.
      maker: { createdBy: ctx.merchant.id, creatorUserId: ctx.apiKey.creatorUserId, grant: grantOfKey(ctx.apiKey) },
      input: body,
    }),
    message: 'API key created',
  })),
});
