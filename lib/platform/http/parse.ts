import { z } from 'zod';
import { ApiError, badRequest, unprocessable, type FieldError } from './errors';
import { MAX_JSON_DEPTH, scanJson } from './json-scan';
import { isStorableText, UNSTORABLE_MESSAGE } from './storable-text';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads the body as text with a hard size cap (413 beyond it, checked while streaming so a lying
 * Content-Length cannot get past it). Empty body → undefined.
 */
export async function readBodyText(req: Request, limit = MAX_BODY_BYTES): Promise<string | undefined> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  if (!req.body) return undefined;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (size === 0) return undefined;
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

const tooLarge = (limit: number) =>
  new ApiError(413, 'payload_too_large', `Request body is larger than ${limit / 1024 / 1024} MB`);

/**
 * Parses JSON text: wrong content type → 415; nested deeper than MAX_JSON_DEPTH → 422 `json_too_deep`
 * (found before JSON.parse runs); malformed → 400; a number a float cannot carry, a string or key
 * PostgreSQL cannot store, or a `__proto__` key → 422 naming the field (json-scan.ts).
 */
export function parseJsonBody(req: Request, text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  const type = req.headers.get('content-type') ?? '';
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Request bodies must be JSON (Content-Type: application/json)');
  }
  const scan = scanJson(text);
  if (scan.tooDeep !== null) {
    throw new ApiError(422, 'json_too_deep', `Request body nests deeper than ${MAX_JSON_DEPTH} levels`, [
      { field: scan.tooDeep, message: `nests deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('malformed_json', 'Request body is not valid JSON');
  }
  if (scan.findings.length) throw unprocessable(scan.findings);
  return parsed;
}

/** Refuses text PostgreSQL cannot store among strings that did not come as JSON (query, path). */
export function checkStorable(values: Record<string, unknown>, where: 'query' | 'path'): void {
  const fields: FieldError[] = [];
  for (const [key, value] of Object.entries(values)) {
    const texts = typeof value === 'string' ? [key, value] : Array.isArray(value) ? [key, ...value.map(String)] : [key];
    if (!texts.every(isStorableText))
      fields.push({ field: isStorableText(key) ? key : where, message: UNSTORABLE_MESSAGE });
  }
  if (fields.length) throw unprocessable(fields);
}

/** A route's path parameters, once their text is known to be storable. */
export function pathParams<T extends Record<string, unknown> | undefined>(params: T): T {
  if (params) checkStorable(params, 'path');
  return params;
}

/** Query string → plain object; a parameter given twice is refused rather than silently picked. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [key, value] of url.searchParams) {
    if (seen.has(key)) throw unprocessable([{ field: key, message: 'given more than once' }]);
    seen.add(key);
    out[key] = value;
  }
  checkStorable(out, 'query');
  return out;
}

/**
 * Validates with zod; every problem becomes a field error (422). `where` names the value when a
 * problem has no path of its own ('body', 'query'); `within` prefixes every field with the object the
 * value sits in (`recipient_details` for a part checked later, by the verb).
 */
export function validate<T extends z.ZodType>(schema: T, value: unknown, where?: string, within?: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw unprocessable(zodFieldErrors(result.error, where, within));
}

export function zodFieldErrors(error: z.ZodError, where?: string, within?: string): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of error.issues) {
    const base = [within, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ field: join(base, key), message: 'unknown field' });
      continue;
    }
    fields.push({ field: base || where || 'body', message: issue.message });
  }
  return fields;
}

const join = (a: string, b: string) => (a ? `${a}.${b}` : b);
