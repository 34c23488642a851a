import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import * as contract from '@/lib/conversion/contract';
import { createQuote } from '@/lib/conversion/convert';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.createConversionQuote, async ({ ctx, body }) => ({
    data: await createQuote(ctx, body),
    message: 'Quote created',
  })),
});
