import { sql } from 'drizzle-orm';
import type { ApiKeyPermission, ApiKeyScope, KybStatus } from '../db/schema';
import { API_KEY_BUCKET_PREFIX, API_KEY_WINDOW_SECONDS } from '../rate-limit/api-key-limit';
import type { WindowCount } from '../rate-limit/limit';
import type { Db } from '../db/client';
import { unauthorized } from '../http/errors';
import { hashApiKey, isWellFormedApiKey } from './api-key-format';

export interface AuthenticatedMerchant {
  merchant: { id: string; name: string; kybStatus: KybStatus };
  apiKey: { id: string; scope: ApiKeyScope; permissions: ApiKeyPermission[] };
  /** This request's place in the key's rate-limit window (lib/rate-limit/api-key-limit.ts). */
  window: WindowCount;
}

/** last_used_at is written at most once a minute per key, so reads stay reads. */
const LAST_USED_RESOLUTION_SECONDS = 60;

type KeyRow = {
  key_id: string;
  status: 'active' | 'revoked';
  scope: ApiKeyScope;
  permissions: ApiKeyPermission[];
  expired: boolean;
  merchant_id: string;
  merchant_name: string;
  kyb_status: KybStatus;
  hits: number | null;
  reset_seconds: number | null;
};

/**
 * Resolves `x-api-key` to its merchant; anything short of an active, unexpired key is a 401. One
 * round trip does it all: the lookup, the hit on the key's rate-limit window (only a usable key is
 * counted) and, at most once a minute, `last_used_at`.
 */
export async function authenticateMerchant(db: Db, header: string | null): Promise<AuthenticatedMerchant> {
  if (!header) throw unauthorized('Missing x-api-key header', 'missing_api_key');
  const candidate = header.trim();
  if (!isWellFormedApiKey(candidate)) throw unauthorized('Malformed API key', 'invalid_api_key');

  const window = API_KEY_WINDOW_SECONDS;
  const [row] = await db.execute<KeyRow>(sql`
    with key as (
      select k.id as key_id, k.status, k.scope, k.permissions, coalesce(k.expires_at <= now(), false) as expired,
             k.last_used_at, m.id as merchant_id, m.name as merchant_name, m.kyb_status
      from api_keys k join merchants m on m.id = k.merchant_id
      where k.key_hash = ${hashApiKey(candidate)} and k.deleted_at is null
      limit 1
    ), usable as (
      select key_id, last_used_at from key where status = 'active' and not expired
    ), hit as (
      insert into rate_limit_counters as c (bucket, window_start, hits)
      select ${API_KEY_BUCKET_PREFIX} || key_id, to_timestamp(floor(extract(epoch from now()) / ${window}) * ${window}), 1
      from usable
      on conflict (bucket, window_start) do update set hits = c.hits + 1
      returning hits, ceil(extract(epoch from (window_start + make_interval(secs => ${window}) - now())))::int as reset_seconds
    ), used as (
      update api_keys set last_used_at = now()
      where id = (select key_id from usable)
        and (last_used_at is null or last_used_at < now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS}))
    )
    select key.key_id, key.status, key.scope, key.permissions, key.expired, key.merchant_id, key.merchant_name,
           key.kyb_status, hit.hits, hit.reset_seconds
    from key left join hit on true`);

  if (!row) throw unauthorized('Unknown API key', 'invalid_api_key');
  if (row.status !== 'active') throw unauthorized('This API key has been revoked', 'revoked_api_key');
  if (row.expired) throw unauthorized('This API key has expired', 'expired_api_key');
  return {
    merchant: { id: row.merchant_id, name: row.merchant_name, kybStatus: row.kyb_status },
    apiKey: { id: row.key_id, scope: row.scope, permissions: row.permissions },
    window: { hits: row.hits ?? 1, resetSeconds: Math.max(1, row.reset_seconds ?? window) },
  };
}
