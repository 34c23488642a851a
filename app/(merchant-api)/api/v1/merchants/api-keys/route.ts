import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { createApiKeyInput } from '@/lib/api-keys/input';
import { createApiKey } from '@/lib/api-keys/create-api-key';
import { listApiKeys } from '@/lib/api-keys/list-api-keys';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.fullAccess }, async ({ ctx }) => ({
    data: await listApiKeys(ctx.db, ctx.merchant.id),
    message: 'API keys retrieved',
  })),
  POST: merchantEndpoint({ permission: needs.fullAccess, body: createApiKeyInput }, async ({ ctx, body }) => ({
    data: await createApiKey(ctx.db, { merchantId: ctx.merchant.id, createdBy: ctx.merchant.id, input: body }),
    message: 'API key created',
  })),
});
