import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/errors';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
}

/**
 * Counts one hit in `bucket`'s current fixed window on a shared PostgreSQL counter, so every app
 * instance counts together: one upsert, one round trip. The table is UNLOGGED (drizzle/0014), so the
 * upsert writes no WAL and its commit waits for no disk flush; a crash forgets the current minute's
 * counts, which a rate limit can afford.
 */
export async function countHit(db: Db, bucket: string, windowSeconds = 60): Promise<WindowCount> {
  const [row] = await db.execute<{ hits: number; reset_seconds: number }>(sql`
    insert into rate_limit_counters as c (bucket, window_start, hits)
    values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (bucket, window_start) do update set hits = c.hits + 1
    returning hits,
      ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as reset_seconds`);
  return { hits: row?.hits ?? 1, resetSeconds: Math.max(1, row?.reset_seconds ?? windowSeconds) };
}

export function rateLimited(retryAfterSeconds: number, headers: Record<string, string> = {}): ApiError {
  const retryAfter = String(retryAfterSeconds);
  return new ApiError(429, 'rate_limited', `Too many requests; try again in ${retryAfter} s`, [], {
    ...headers,
    'retry-after': retryAfter,
  });
}

/** Fixed-window rate limit on `bucket`. Over the limit → 429 with Retry-After (seconds to the next window). */
export async function enforceRateLimit(db: Db, bucket: string, limit: number, windowSeconds = 60): Promise<void> {
  const { hits, resetSeconds } = await countHit(db, bucket, windowSeconds);
  if (hits > limit) throw rateLimited(resetSeconds);
}

/** Worker housekeeping: windows older than an hour are never read again. */
export async function purgeRateLimitCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '1 hour'`);
}
