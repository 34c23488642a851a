import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { rateLimited } from './limit';
import { SharedWindowCounter } from './shared-counter';

/**
 * The merchant API's rate limit: one budget per API key (not per merchant: a merchant's CI key cannot
 * starve its checkout server's key), reads and writes alike, in fixed windows of a minute shared by
 * every app instance through PostgreSQL, counted in memory and settled every 100 ms (shared-counter.ts:
 * what that gives up). Counted only once the key has authenticated, so a stranger's bad keys never
 * use up a real key's budget.
 *
 * Every merchant response carries the IETF httpapi draft's headers (structured fields):
 *   RateLimit-Policy: "api-key";q=1200;w=60
 *   RateLimit: "api-key";r=<remaining>;t=<seconds to the window's end>
 * and a 429 also carries Retry-After.
 */
export const API_KEY_POLICY = 'api-key';
export const API_KEY_WINDOW_SECONDS = 60;
export const API_KEY_SETTLE_MS = 100;

/** This process's counts (one per process: another instance has its own, and they meet in PostgreSQL). */
export const apiKeyCounter = new SharedWindowCounter(API_KEY_WINDOW_SECONDS, API_KEY_SETTLE_MS);

/** The headers a request has earned, attached by the handler to whatever response it ends with. */
const earned = new WeakMap<Request, Record<string, string>>();

export function apiKeyRateLimitHeaders(limit: number, hits: number, resetSeconds: number): Record<string, string> {
  return {
    'ratelimit-policy': `"${API_KEY_POLICY}";q=${limit};w=${API_KEY_WINDOW_SECONDS}`,
    ratelimit: `"${API_KEY_POLICY}";r=${Math.max(0, limit - hits)};t=${resetSeconds}`,
  };
}

/** Counts the request against its API key; over the limit → 429 `rate_limited` with Retry-After. */
export async function limitApiKey(
  db: Db,
  req: Request,
  apiKeyId: string,
  counter: SharedWindowCounter = apiKeyCounter,
): Promise<void> {
  const limit = config().API_KEY_RATE_LIMIT_PER_MINUTE;
  const { hits, resetSeconds } = await counter.hit(db, `api-key:${apiKeyId}`);
  const headers = apiKeyRateLimitHeaders(limit, hits, resetSeconds);
  earned.set(req, headers);
  if (hits > limit) throw rateLimited(resetSeconds, headers);
}

/** The RateLimit headers counted for this request (none when it never got past authentication). */
export function rateLimitHeadersOf(req: Request): Record<string, string> {
  return earned.get(req) ?? {};
}
