import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/merchants/branding/contract';
import { loadBranding, updateBranding } from '@/lib/merchants/branding/branding';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getBranding, async ({ ctx }) => ({
    data: await loadBranding(ctx.db, ctx.merchant.id),
    message: 'Branding retrieved',
  })),
  PUT: merchantEndpoint(contract.updateBranding, async ({ ctx, body }) => ({
    data: await updateBranding(ctx.db, ctx.merchant.id, body),
    message: 'Branding updated',
  })),
});
