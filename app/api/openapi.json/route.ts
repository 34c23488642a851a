import { publicEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { openApiDocument } from '@/lib/openapi/serve';
import { getOpenApiDocument } from '@/lib/openapi/contract';

import { json } from '@/lib/http/envelope';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: publicEndpoint(getOpenApiDocument, async () =>
    json(openApiDocument(), 200, { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' }),
  ),
});
