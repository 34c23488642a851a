import { z } from 'zod';
import { CURRENCY_CODES } from '../money/currencies';
import { MODES } from '../vocabulary';
import { ERROR_CODE_LIST, ERROR_CODES, statusesOf } from './error-codes';

/**
 * Building blocks of response schemas. `components` names the shapes the OpenAPI document shows
 * once under `components.schemas` and refers to everywhere else.
 */
export const NAMED_SHAPES = new Map<z.ZodType, string>();

/** Names a response shape in the OpenAPI document. */
export function named<S extends z.ZodType>(id: string, schema: S): S {
  NAMED_SHAPES.set(schema, id);
  return schema;
}

export const uuidField = z.string().meta({ format: 'uuid', example: '3f1c9a52-7a8e-4d1b-9f0e-2a6b8c4d1e7f' });

/** Spec 2.1: ISO 8601 in UTC without a zone offset, milliseconds included. */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/)
  .meta({ description: 'UTC, ISO 8601 without offset', example: '2026-11-23T10:15:30.123' });
export const nullableTimestamp = timestamp.nullable();

/** Money leaves the API in major units (`12.5` = 12.50), exact to the currency's minor unit. */
export const amount = z.number().meta({ description: 'Major units of the currency (12.5 = 12.50)', example: 125.5 });

/** `?mode=` on the operator's calls about one side of a merchant: test unless it says live. */
export const modeQuery = z.strictObject({
  mode: z.enum(MODES, { error: 'must be test or live' }).default('test'),
});

export const currencyCode = z.enum(CURRENCY_CODES).meta({ description: 'ISO 4217 code' });

export const metaData = z
  .record(z.string(), z.string())
  .meta({ description: "The merchant's own string values, echoed in webhooks", example: { order_id: 'ORD-1042' } });

export const paginationSchema = named(
  'Pagination',
  z.object({
    total: z.int().min(0),
    page: z.int().min(1),
    size: z.int().min(1),
    total_pages: z.int().min(0),
    has_more: z.boolean(),
  }),
);

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** The one error shape (docs/api.md, "Envelope and errors"): every 4xx and 5xx. */
export const errorSchema = named(
  'Error',
  z
    .object({
      status: z.literal('error'),
      message: z.string().meta({ description: 'For people; may change' }),
      error: z.object({
        code: z.enum(ERROR_CODE_LIST).meta({
          description: `For programs: stable, snake_case. Every code, its status and meaning:\n\n| code | status | meaning |\n|---|---|---|\n${ERROR_CODE_LIST.map((code) => `| \`${code}\` | ${statusesOf(code).join(', ')} | ${ERROR_CODES[code].meaning} |`).join('\n')}`,
          example: 'validation_error',
        }),
        fields: z.array(fieldErrorSchema).meta({ description: 'One entry per invalid input field (422)' }),
        doc_url: z.url().meta({
          description: "The code's entry at /docs/errors: what happened and what to do",
          example: 'https://api.example.com/docs/errors#validation_error',
        }),
      }),
      request_id: z.string().meta({ description: 'Also in the X-Request-Id header; quote it to support' }),
    })
    .meta({ description: 'Every error response' }),
);

/** The success envelope of spec 2.1 around an operation's `data`. */
export function successEnvelope(data: z.ZodType, paginated = false) {
  const base = { status: z.literal('success'), message: z.string(), data };
  return paginated ? z.object({ ...base, pagination: paginationSchema }) : z.object(base);
}
