import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/merchants/contract';
import { createMerchant } from '@/lib/merchants/create-merchant';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint(contract.createMerchant, async ({ ctx, body }) => ({
    data: await createMerchant(ctx.db, { input: body, createdBy: ctx.adminId }),
    message: 'Merchant created',
  })),
});
