import { z } from 'zod';
import { documentedErrors, TAGS, type Operation, type Security } from '../../platform/http/operation';
import { DOCUMENTED_ALSO, DOCUMENTED_AS, DOCUMENTED_VARIANTS } from '../../platform/documented';
import { NAMED_SHAPES, successEnvelope } from '../../platform/http/shapes';
import { OPERATIONS } from './operations';
import { WEBHOOK_EVENTS } from './webhooks';

/**
 * The OpenAPI 3.1 document, generated from the operations' zod schemas (no hand-kept copy):
 * requests in zod's input form (what a client sends), responses in output form. Shapes named with
 * `named()` land once under `components.schemas`.
 */
type Json = Record<string, unknown>;

const REF = (id: string) => `#/components/schemas/${id}`;

const ERROR_MEANING: Record<number, string> = {
  400: 'Malformed JSON (`malformed_json`) or a bad header such as `Idempotency-Key`',
  401: 'Missing or invalid credentials',
  403: 'The key lacks the permission, or the merchant is not allowed (KYB, suspended)',
  404: 'Not found, or it belongs to another merchant',
  409: 'Refused by a business rule or state (the `error.code` says which), or an Idempotency-Key whose first request is still in flight',
  410: 'Gone',
  413: 'Request body larger than 1 MB',
  415: 'Request body is not JSON',
  422: 'Invalid input: `error.fields` lists each field and why (also an Idempotency-Key already used with another body: `idempotency_key_reused`)',
  429: 'Rate limited: wait `Retry-After` seconds',
  502: 'An upstream rail failed',
  503: 'Unavailable for a moment: the database cannot be reached (`database_unavailable`, any operation), or a live payment provider (`rail_unavailable`). Send the request again after `Retry-After` seconds (a write with the same Idempotency-Key)',
};

const SECURITY: Record<Exclude<Security, 'none'>, Json> = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'A merchant API key: `sk_test_…` for test mode (sandbox rails), `sk_live_…` for live mode',
  },
  checkoutToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Checkout-Token',
    description: "The hosted page's credential: the `#token=` fragment of `checkout_url`",
  },
  adminBearer: { type: 'http', scheme: 'bearer', description: 'The operator token (`ADMIN_API_TOKEN`)' },
  embedToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Embed-Token',
    description: "An embed session's public token (safe to publish on the merchant's page)",
  },
  paystackSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-paystack-signature',
    description: "Paystack's HMAC-SHA512 of the raw body, keyed with the secret key (`PAYSTACK_SECRET_KEY`)",
  },
};

const rateLimitHeaders = {
  'RateLimit-Policy': {
    description: 'This key\'s budget: `"api-key";q=<requests>;w=<window seconds>` (IETF httpapi draft)',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left of it: `"api-key";r=<remaining>;t=<seconds to the window\'s end>`',
    schema: { type: 'string' },
  },
};
const retryAfterHeader = { description: 'Seconds to wait before trying again', schema: { type: 'integer' } };

const requestIdHeader = {
  description: "This request's id (also `request_id` in error bodies)",
  schema: { type: 'string' },
};

/** Every delivery is signed as Standard Webhooks says too (lib/notifications/webhooks/verify.ts). */
const STANDARD_WEBHOOK_HEADERS: Json[] = [
  ['webhook-id', 'Standard Webhooks: the event id, the same on every retry'],
  ['webhook-timestamp', 'Standard Webhooks: unix seconds of this attempt'],
  [
    'webhook-signature',
    'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the base64-decoded part of the secret after `whsec_` (one per secret, space-separated, during a rotation)',
  ],
].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

const FORMATS_WITH_PATTERN = new Set(['uuid', 'email', 'date-time']);

/**
 * Converts many schemas at once so shared named shapes become `$ref`s. Operation schemas get
 * synthetic ids (`createCheckout.body`); where zod refers one to another (the same query schema on
 * two operations), the reference is replaced by a copy, so only named shapes are ever referred to.
 */
function convert(schemas: Map<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  if (io === 'output') for (const [schema, id] of NAMED_SHAPES) registry.add(schema, { id });
  for (const [id, schema] of schemas) if (!registry.has(schema)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, {
    io,
    uri: REF,
    unrepresentable: 'any',
    reused: 'inline',
    // A lenient request field is written as what a client should send (lib/platform/documented.ts).
    override: ({ zodSchema, jsonSchema }) => {
      if (io !== 'input') return;
      const also = DOCUMENTED_ALSO.get(zodSchema as unknown as z.ZodType);
      if (also) Object.assign(jsonSchema, also);
      const written = DOCUMENTED_AS.get(zodSchema as unknown as z.ZodType);
      if (!written) return;
      const description = jsonSchema.description;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      Object.assign(jsonSchema, written, description ? { description } : {});
    },
  }) as {
    schemas: Record<string, Json>;
  };
  for (const json of Object.values(out)) {
    delete json.$schema;
    delete json.$id;
  }
  for (const [id, schema] of schemas) {
    const name = registry.get(schema)!.id;
    if (name !== id) out[id] = { $ref: REF(name) };
  }
  const isSynthetic = (id: string) => id.includes('.');
  const inline = (json: unknown): unknown => {
    if (Array.isArray(json)) return json.map(inline);
    if (typeof json !== 'object' || json === null) return json;
    const ref = (json as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith(REF('')) && isSynthetic(ref.slice(REF('').length))) {
      return inline(out[ref.slice(REF('').length)]);
    }
    // A field no value satisfies (zod's never): JSON Schema's `false`, which generators type as `never`.
    if (isNever(json)) return false;
    // zod spells out `format: uuid/email/date-time` as long regexes too; the format says it.
    const entries = Object.entries(json).filter(
      ([k]) => !(k === 'pattern' && FORMATS_WITH_PATTERN.has((json as Json).format as string)),
    );
    const written = Object.fromEntries(entries.map(([k, v]) => [k, inline(v)]));
    const tag = Array.isArray(written.oneOf) ? discriminatorOf(written.oneOf as Json[]) : null;
    return tag ? { ...written, discriminator: { propertyName: tag } } : written;
  };
  return Object.fromEntries(Object.entries(out).map(([id, json]) => [id, inline(json) as Json]));
}

const isNever = (json: object) => {
  const not = (json as Json).not;
  return typeof not === 'object' && not !== null && Object.keys(not).length === 0;
};

/** The field every variant of a `oneOf` requires with a value of its own (`payout_type`), if any. */
function discriminatorOf(variants: Json[]): string | null {
  const first = variants[0]?.properties as Record<string, Json> | undefined;
  for (const name of Object.keys(first ?? {})) {
    const values = variants.map((v) =>
      ((v.required as string[] | undefined) ?? []).includes(name)
        ? (v.properties as Record<string, Json>)[name]?.const
        : undefined,
    );
    if (values.every((value) => typeof value === 'string') && new Set(values).size === values.length) return name;
  }
  return null;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query', json: Json | undefined): Json[] {
  if (!schema || !json) return [];
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(propertySchema.description ? { description: propertySchema.description } : {}),
    schema: propertySchema,
  }));
}

/** One request field or body as the document writes it (tests hold its patterns to the field's checks). */
export const requestJsonSchema = (schema: z.ZodType): Json =>
  convert(new Map([['field.request', schema]]), 'input')['field.request']!;

export function buildOpenApiDocument(serverUrl?: string): Json {
  const inputs = new Map<string, z.ZodType>();
  const outputs = new Map<string, z.ZodType>();
  for (const op of OPERATIONS) {
    if (op.params) inputs.set(`${op.operationId}.params`, op.params);
    if (op.query) inputs.set(`${op.operationId}.query`, op.query);
    if (op.body) inputs.set(`${op.operationId}.body`, DOCUMENTED_VARIANTS.get(op.body) ?? op.body);
    outputs.set(`${op.operationId}.response`, op.bare ? op.data : successEnvelope(op.data, op.paginated));
    for (const [status, other] of Object.entries(op.otherResponses ?? {}))
      outputs.set(`${op.operationId}.${status}`, other!.body);
  }
  for (const event of WEBHOOK_EVENTS) outputs.set(`event.${event.type}`, event.envelope);
  const inputJson = convert(inputs, 'input');
  const outputJson = convert(outputs, 'output');

  const schemas: Record<string, Json> = {};
  for (const [id, json] of Object.entries(outputJson)) if (!id.includes('.')) schemas[id] = json;

  const paths: Record<string, Record<string, Json>> = {};
  for (const op of OPERATIONS) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op, inputJson, outputJson);
  }

  const webhooks: Record<string, Json> = {};
  for (const event of WEBHOOK_EVENTS) {
    webhooks[event.type] = {
      post: {
        summary: event.type,
        description: event.description,
        tags: ['Webhooks'],
        parameters: [
          {
            name: 'X-Webhook-Signature',
            in: 'header',
            required: true,
            description:
              'Stripe\'s scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" under the whole secret>` (two `v1` values during a secret rotation)',
            schema: { type: 'string' },
          },
          ...STANDARD_WEBHOOK_HEADERS,
        ],
        requestBody: { required: true, content: { 'application/json': { schema: outputJson[`event.${event.type}`] } } },
        responses: { '2XX': { description: 'Received; any other answer (or none within 10 s) is retried' } },
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Merchant Payments API',
      version: '1.0.0',
      description:
        'Create checkouts, take payments by mobile money and bank transfer on the hosted page, hold money in per-currency wallets, pay out, and receive every change as a signed webhook. Amounts are in major units; timestamps are UTC.',
    },
    servers: [{ url: serverUrl ?? '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    webhooks,
    components: {
      schemas,
      securitySchemes: SECURITY,
      responses: errorResponses(),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: the same key with the same body within 24 h replays the first response (`Idempotent-Replayed: true`); with another body it is a 422.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
    },
  };
}

/**
 * The headers an answer carries: always its request id; RateLimit on the merchant API; Retry-After on
 * 429 and 503, and on the 409s that ask for a wait (`prompt_recently_sent`).
 */
const headersOf = (security: Security, status: number): Json => ({
  'X-Request-Id': requestIdHeader,
  ...(security === 'apiKey' ? rateLimitHeaders : {}),
  ...(status === 429 || status === 503 ? { 'Retry-After': retryAfterHeader } : {}),
  ...(status === 409
    ? { 'Retry-After': { ...retryAfterHeader, description: 'On `prompt_recently_sent`: seconds until a new prompt' } }
    : {}),
});

const idempotentReplayedHeader = {
  description: '`true` when this is the replay of an earlier request with the same Idempotency-Key and body',
  schema: { type: 'string', enum: ['true'] },
};

/** Error answers are shared components; those of the merchant API also carry the RateLimit headers. */
const errorResponseName = (security: Security, status: number) =>
  `${security === 'apiKey' ? 'ApiKey' : ''}Error${status}`;

function errorResponses(): Record<string, Json> {
  const responses: Record<string, Json> = {
    OtherError: {
      description: 'Any other error, in the same shape (500 never carries internals)',
      headers: {
        'X-Request-Id': requestIdHeader,
        Allow: { description: 'On 405: the methods this path serves', schema: { type: 'string' } },
      },
      content: { 'application/json': { schema: { $ref: REF('Error') } } },
    },
  };
  for (const status of Object.keys(ERROR_MEANING).map(Number)) {
    for (const security of ['apiKey', 'none'] as const) {
      responses[errorResponseName(security, status)] = {
        description: ERROR_MEANING[status],
        headers: headersOf(security, status),
        content: { 'application/json': { schema: { $ref: REF('Error') } } },
      };
    }
  }
  return responses;
}

function operationObject(op: Operation, inputJson: Record<string, Json>, outputJson: Record<string, Json>): Json {
  const status = String(op.status ?? 200);
  const responses: Record<string, Json> = {
    [status]: {
      description: 'Success',
      headers: {
        ...headersOf(op.security, op.status ?? 200),
        ...(op.idempotent ? { 'Idempotent-Replayed': idempotentReplayedHeader } : {}),
      },
      content: {
        'application/json': {
          schema: outputJson[`${op.operationId}.response`],
          ...(op.example?.data !== undefined
            ? { example: { status: 'success', message: '…', data: op.example.data } }
            : {}),
        },
      },
    },
  };
  for (const error of documentedErrors(op)) {
    // A 401 comes before any key is counted, so it carries no RateLimit headers.
    const security = error === 401 ? 'none' : op.security;
    responses[String(error)] = { $ref: `#/components/responses/${errorResponseName(security, error)}` };
  }
  for (const [other, response] of Object.entries(op.otherResponses ?? {})) {
    responses[other] = {
      description: response!.description,
      headers: { 'X-Request-Id': requestIdHeader },
      content: { 'application/json': { schema: outputJson[`${op.operationId}.${other}`] } },
    };
  }
  responses.default = { $ref: '#/components/responses/OtherError' };
  const parameters = [
    ...parametersOf(op.params, 'path', inputJson[`${op.operationId}.params`]).sort(
      (a, b) => op.path.indexOf(`{${a.name as string}}`) - op.path.indexOf(`{${b.name as string}}`),
    ),
    ...parametersOf(op.query, 'query', inputJson[`${op.operationId}.query`]),
    ...(op.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: op.security === 'none' ? [] : [{ [op.security]: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            // No body reads as `{}`: where every field is optional, the body may be left out.
            required: !op.body.safeParse({}).success,
            content: {
              'application/json': {
                schema: inputJson[`${op.operationId}.body`],
                ...(op.example?.body !== undefined ? { example: op.example.body } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}
