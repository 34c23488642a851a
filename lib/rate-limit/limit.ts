import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';

/**
 * Fixed-window rate limit on a shared PostgreSQL counter, so every app instance counts together.
 * Over the limit → 429 with Retry-After (seconds to the next window).
 */
export async function enforceRateLimit(
  db: Db,
  bucket: string,
  limit: number,
  windowSeconds = 60,
): Promise<void> {
  const [row] = await db.execute<{ hits: number; retry_after: number }>(sql`
    insert into rate_limit_counters as c (bucket, window_start, hits)
    values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (bucket, window_start) do update set hits = c.hits + 1
    returning hits,
      ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`);
  if (row && row.hits > limit) {
    const retryAfter = String(Math.max(1, row.retry_after));
    throw new ApiError(429, 'rate_limited', `Too many requests; try again in ${retryAfter} s`, [], {
      'retry-after': retryAfter,
    });
  }
}

/** Worker housekeeping: windows older than an hour are never read again. */
export async function purgeRateLimitCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '1 hour'`);
}

/** The client's address as the proxy in front reports it (first X-Forwarded-For hop), else "unknown". */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.headers.get('x-real-ip') || 'unknown';
}
