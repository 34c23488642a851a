import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/conversion/contract';
import { getConversion } from '@/lib/conversion/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getConversion, async ({ ctx, params }) => ({
    data: await getConversion(ctx.db, ctx.merchant.id, params.conversion_id),
    message: 'Conversion retrieved',
  })),
});
