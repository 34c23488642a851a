import { merchantEndpoint } from '@/lib/access/endpoints';
import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/books/conversion/contract';
import { createQuote } from '@/lib/books/conversion/convert';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint(contract.createConversionQuote, async ({ ctx, body }) => ({
    data: await createQuote(ctx, body),
    message: 'Quote created',
  })),
});
