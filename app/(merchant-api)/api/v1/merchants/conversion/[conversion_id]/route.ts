import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/conversion/contract';
import { getConversion } from '@/lib/books/conversion/read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: merchantEndpoint(contract.getConversion, async ({ ctx, params }) => ({
    data: await getConversion(ctx.db, ctx.tenant, params.conversion_id),
    message: 'Conversion retrieved',
  })),
});
