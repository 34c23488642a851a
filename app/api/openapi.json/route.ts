import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { openApiDocument } from '@/lib/surfaces/openapi/serve';
import { getOpenApiDocument } from '@/lib/surfaces/openapi/contract';

import { json } from '@/lib/platform/http/envelope';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: publicEndpoint(getOpenApiDocument, async () =>
    json(openApiDocument(), 200, { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' }),
  ),
});
