import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { loadBranding, updateBranding } from '@/lib/branding/branding';
import { updateBrandingInput } from '@/lib/branding/input';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read }, async ({ ctx }) => ({
    data: await loadBranding(ctx.db, ctx.merchant.id),
    message: 'Branding retrieved',
  })),
  PUT: merchantEndpoint({ permission: needs.write, body: updateBrandingInput }, async ({ ctx, body }) => ({
    data: await updateBranding(ctx.db, ctx.merchant.id, body),
    message: 'Branding updated',
  })),
});
