import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys, type Tenant, ownerOf } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { ApiError, conflict, invalidField } from '../platform/http/errors';

/** How long a key is remembered; after that the same key starts a new request. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface StoredResponse {
  status: number;
  body: unknown;
}

export function checkIdempotencyKey(key: string): string {
  if (!KEY_PATTERN.test(key)) {
    throw invalidField('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
  }
  return key;
}

/** Same method, path and JSON body (key order ignored) → same fingerprint. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${method} ${path}\n${stableStringify(body ?? null)}`)
    .digest('hex');
}

/** Canonical JSON (object keys sorted), built without recursion so no nesting can exhaust the stack. */
export function stableStringify(root: unknown): string {
  const out: string[] = [];
  // Work items: a value to write, or text to write as is (brackets, commas, keys).
  const todo: ({ text: string } | { value: unknown })[] = [{ value: root }];
  while (todo.length) {
    const item = todo.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const { value } = item;
    if (value === null || typeof value !== 'object') {
      out.push(JSON.stringify(value) ?? 'null');
      continue;
    }
    const isArray = Array.isArray(value);
    const entries = isArray
      ? value.map((v): [string | null, unknown] => [null, v])
      : Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    // Pushed in reverse, so they come off the stack in order.
    const items: ({ text: string } | { value: unknown })[] = [{ text: isArray ? '[' : '{' }];
    entries.forEach(([key, v], index) => {
      if (index > 0) items.push({ text: ',' });
      if (key !== null) items.push({ text: `${JSON.stringify(key)}:` });
      items.push({ value: v });
    });
    items.push({ text: isArray ? ']' : '}' });
    for (let i = items.length - 1; i >= 0; i--) todo.push(items[i]!);
  }
  return out.join('');
}

/**
 * Stripe semantics, in one transaction with the work itself: the first request runs `work` and its
 * response is stored atomically with its effects (a crash leaves neither); a retry with the same body
 * replays that response; another body is a 422; a retry while the first is still running is a 409.
 * Refusals (4xx thrown by `work`) roll back and are not stored, so a corrected retry can succeed.
 * Neither is a lost database connection (503 `database_unavailable`, even when it broke during
 * COMMIT): the stored response commits with the work or not at all, so a retry with the key either
 * replays what committed or runs the work now.
 */
export async function withIdempotency(
  db: Db,
  scope: { tenant: Tenant; key: string; fingerprint: string },
  work: (tx: Db) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    const lockName = `idempotency:${scope.tenant.id}:${scope.key}`;
    const [lock] = await tx.execute<{ acquired: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${lockName}, 0)) as acquired`,
    );
    if (!lock?.acquired) {
      throw conflict('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed');
    }
    const where = and(eq(idempotencyKeys.tenantId, scope.tenant.id), eq(idempotencyKeys.key, scope.key));
    const [previous] = await tx.select().from(idempotencyKeys).where(where);
    if (previous && isFresh(previous.createdAt)) {
      if (previous.requestHash !== scope.fingerprint) {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request',
          [{ field: 'Idempotency-Key', message: 'already used with a different request' }],
        );
      }
      return { status: previous.responseStatus, body: previous.responseBody, replayed: true };
    }
    if (previous) await tx.delete(idempotencyKeys).where(where);

    const response = await work(tx);
    await tx.insert(idempotencyKeys).values({
      ...ownerOf(scope.tenant),
      key: scope.key,
      requestHash: scope.fingerprint,
      responseStatus: response.status,
      responseBody: response.body as object,
    });
    return { ...response, replayed: false };
  });
}

const isFresh = (createdAt: Date) => Date.now() - createdAt.getTime() < IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;

/** Worker housekeeping: forget keys past their lifetime. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`)
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
