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

/**
 * Counts one hit in `bucket` and answers how many it had over about the last `seconds` (whole
 * minutes, the current one included): unlike a fixed window, a hit just before a window's end is
 * still seen just after it. For "was this used already" checks, where a boundary must not forget.
 */
export async function hitsWithin(db: Db, bucket: string, seconds: number): Promise<number> {
  await countHit(db, bucket, 60);
  const [row] = await db.execute<{ hits: number }>(sql`
    select coalesce(sum(hits), 0)::int as hits from rate_limit_counters
     where bucket = ${bucket} and window_start > now() - make_interval(secs => ${seconds + 60})`);
  return row?.hits ?? 1;
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
