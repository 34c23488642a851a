import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { listWallets } from '@/lib/wallets/list-wallets';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read }, async ({ ctx }) => ({
    data: await listWallets(ctx.db, ctx.merchant.id),
    message: 'Wallets retrieved',
  })),
});
