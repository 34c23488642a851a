import { buildOpenApiDocument } from '../../lib/surfaces/openapi/document';

/**
 * The parts of the OpenAPI document the suite reads, typed: the document is built as plain JSON
 * (lib/surfaces/openapi/document.ts), and the tests walk its paths, parameters and schemas.
 */

/** A JSON Schema (2020-12) as the document writes them: the keywords read here. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

type Content = Partial<Record<string, { schema: JsonSchema }>>;

export interface DocumentedOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Content };
  responses: Record<string, { description: string; content?: Content }>;
}

/** A type, not an interface: the built document (a `Record<string, unknown>`) narrows to it. */
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, DocumentedOperation>>;
  webhooks: Record<string, { post: { requestBody: { content: Content } } }>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, { description: string; content?: Content }>;
    securitySchemes: Record<string, unknown>;
  };
};

/** The document the service serves, built in process. */
export const openApiDocument = (): OpenApiDocument => buildOpenApiDocument() as OpenApiDocument;
