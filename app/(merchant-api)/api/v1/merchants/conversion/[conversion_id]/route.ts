import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { conversionIdParams } from '@/lib/conversion/input';
import { getConversion } from '@/lib/conversion/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint({ permission: needs.read, params: conversionIdParams }, async ({ ctx, params }) => ({
    data: await getConversion(ctx.db, ctx.merchant.id, params.conversion_id),
    message: 'Conversion retrieved',
  })),
});
