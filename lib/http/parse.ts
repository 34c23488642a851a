import { z } from 'zod';
import { ApiError, badRequest, unprocessable, type FieldError } from './errors';

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

/** Parses JSON text: malformed → 400; wrong content type → 415. */
export function parseJsonBody(req: Request, text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  const type = req.headers.get('content-type') ?? '';
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Request bodies must be JSON (Content-Type: application/json)');
  }
  let prototypeKey = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value) => {
      if (key === '__proto__') prototypeKey = true;
      return value;
    });
  } catch {
    throw badRequest('malformed_json', 'Request body is not valid JSON');
  }
  // Validation copies objects, and a "__proto__" key would vanish silently in the copy: refuse it instead.
  if (prototypeKey) throw unprocessable([{ field: '__proto__', message: 'keys named __proto__ are not allowed' }]);
  return parsed;
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
  return out;
}

/** Validates with zod; every problem becomes a field error (422). */
export function validate<T extends z.ZodType>(schema: T, value: unknown, where?: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw unprocessable(zodFieldErrors(result.error, where));
}

export function zodFieldErrors(error: z.ZodError, where?: string): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ field: join(base, key), message: 'unknown field' });
      continue;
    }
    fields.push({ field: base || where || 'body', message: issue.message });
  }
  return fields;
}

const join = (a: string, b: string) => (a ? `${a}.${b}` : b);
