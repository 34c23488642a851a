import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/api-keys/contract';
import { createApiKey } from '@/lib/api-keys/create-api-key';
import { listApiKeys } from '@/lib/api-keys/list-api-keys';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.listApiKeys, async ({ ctx }) => ({
    data: await listApiKeys(ctx.db, ctx.merchant.id),
    message: 'API keys retrieved',
  })),
  POST: merchantEndpoint(contract.createApiKey, async ({ ctx, body }) => ({
    data: await createApiKey(ctx.db, { merchantId: ctx.merchant.id, createdBy: ctx.merchant.id, input: body }),
    message: 'API key created',
  })),
});
