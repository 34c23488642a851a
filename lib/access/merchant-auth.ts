import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys, authUsers, merchants, tenants, type Tenant } from '../platform/db/schema';
import { type ApiKeyPermission, type ApiKeyScope, type KybStatus } from '../platform/vocabulary';
import type { Db } from '../platform/db/client';
import { forbidden, unauthorized } from '../platform/http/errors';
import { hashApiKey, isWellFormedApiKey } from './api-key-format';

/** Who is calling: the merchant, the tenant (test or live) its key belongs to, and the key. */
export type { Tenant };

export interface AuthenticatedMerchant {
  merchant: { id: string; name: string; kybStatus: KybStatus };
  /** Every object is read and written in this tenant only: the key decides the mode. */
  tenant: Tenant;
  apiKey: {
    id: string;
    prefix: string;
    scope: ApiKeyScope;
    permissions: ApiKeyPermission[];
    /** The person answerable for the key, and their email (for the audit line). */
    creatorUserId: string | null;
    creatorEmail: string | null;
  };
}

/** last_used_at is written at most once a minute per key, so reads stay reads. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * A verified key is remembered for a second: at a few hundred requests a second, the key's row is read
 * once a second per instance instead of on every request. What that costs: a key revoked, or a merchant
 * whose live mode or KYB changed, is seen within `API_KEY_CACHE_MS` on every instance, and at once on
 * the instance that made the change (its verbs call `forgetCachedKeys`), unless a request of that key
 * raced the change's commit there (then within the same second). Expiry is checked on every request.
 */
export const API_KEY_CACHE_MS = 1_000;
const CACHE_LIMIT = 10_000;

type KeyRow = NonNullable<Awaited<ReturnType<typeof readKeyRow>>>;
const cache = new Map<string, { row: KeyRow; until: number }>();

/** Forgets the cached keys of a merchant (after revoking one, or changing its live mode or KYB), or all. */
export function forgetCachedKeys(merchantId?: string): void {
  if (!merchantId) return cache.clear();
  for (const [hash, { row }] of cache) if (row.merchantId === merchantId) cache.delete(hash);
}

async function readKeyRow(db: Db, hash: string) {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      keyPrefix: apiKeys.keyPrefix,
      creatorUserId: apiKeys.creatorUserId,
      creatorEmail: authUsers.email,
      status: apiKeys.status,
      scope: apiKeys.scope,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      tenantId: tenants.id,
      mode: tenants.mode,
      merchantId: merchants.id,
      merchantName: merchants.name,
      kybStatus: merchants.kybStatus,
      liveEnabledAt: merchants.liveEnabledAt,
    })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .leftJoin(authUsers, eq(authUsers.id, apiKeys.creatorUserId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.deletedAt)))
    .limit(1);
  return row;
}

async function keyRow(db: Db, hash: string, now: number): Promise<KeyRow | undefined> {
  const cached = cache.get(hash);
  if (cached && cached.until > now) return cached.row;
  cache.delete(hash);
  const row = await readKeyRow(db, hash);
  // Unknown keys are not remembered: a stranger's guesses must not fill the memory.
  if (!row) return undefined;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(hash, { row, until: now + API_KEY_CACHE_MS });
  return row;
}

/** Resolves `x-api-key` to its tenant; anything short of an active, unexpired key is a 401. */
export async function authenticateMerchant(db: Db, header: string | null): Promise<AuthenticatedMerchant> {
  if (!header) throw unauthorized('Missing x-api-key header', 'missing_api_key');
  const candidate = header.trim();
  if (!isWellFormedApiKey(candidate)) throw unauthorized('Malformed API key', 'invalid_api_key');

  const now = Date.now();
  const row = await keyRow(db, hashApiKey(candidate), now);

  if (!row) throw unauthorized('Unknown API key', 'invalid_api_key');
  if (row.status !== 'active') throw unauthorized('This API key has been revoked', 'revoked_api_key');
  if (row.expiresAt && row.expiresAt.getTime() <= now) {
    throw unauthorized('This API key has expired', 'expired_api_key');
  }
  if (row.mode === 'live' && !row.liveEnabledAt) {
    throw forbidden(
      'Live mode is not enabled for this merchant: use a test key (sk_test_…) until the operator enables it',
      'live_mode_not_enabled',
    );
  }
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Noted on the cached row too, so the next requests of the minute do not write it again.
    row.lastUsedAt = new Date(now);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, row.keyId));
  }
  return {
    merchant: { id: row.merchantId, name: row.merchantName, kybStatus: row.kybStatus },
    tenant: { id: row.tenantId, merchantId: row.merchantId, mode: row.mode },
    apiKey: {
      id: row.keyId,
      prefix: row.keyPrefix,
      scope: row.scope,
      permissions: row.permissions,
      creatorUserId: row.creatorUserId,
      creatorEmail: row.creatorEmail,
    },
  };
}
