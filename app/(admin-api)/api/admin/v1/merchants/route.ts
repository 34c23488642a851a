import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { createMerchant, createMerchantInput } from '@/lib/merchants/create-merchant';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint({ body: createMerchantInput }, async ({ ctx, body }) => ({
    data: await createMerchant(ctx.db, { input: body, createdBy: ctx.adminId }),
    message: 'Merchant created',
  })),
});
