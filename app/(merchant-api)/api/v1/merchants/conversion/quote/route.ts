import { merchantEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { needs } from '@/lib/auth/permissions';
import { quoteInput } from '@/lib/conversion/input';
import { createQuote } from '@/lib/conversion/convert';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: merchantEndpoint({ permission: needs.write, body: quoteInput }, async ({ ctx, body }) => ({
    data: await createQuote(ctx, body),
    message: 'Quote created',
  })),
});
