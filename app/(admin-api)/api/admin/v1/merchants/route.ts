import { operatorEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/operator/merchants/contract';
import { createMerchant } from '@/lib/operator/merchants/create-merchant';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint(contract.createMerchant, async ({ ctx, body }) => ({
    data: await createMerchant(ctx.db, { input: body, createdBy: ctx.adminId }),
    message: 'Merchant created',
  })),
});
