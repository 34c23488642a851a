import { z } from 'zod';
import { operation } from '../../platform/http/operation';

export const getOpenApiDocument = operation({
  operationId: 'getOpenApiDocument',
  method: 'GET',
  path: '/api/openapi.json',
  tag: 'Operations',
  summary: "This API's OpenAPI 3.1 document",
  description:
    'Generated from the same zod schemas that validate requests and shape responses. The reference page at `/docs` renders it.',
  security: 'none',
  bare: true,
  data: z.looseObject({ openapi: z.literal('3.1.0') }),
});
