/**
 * When a failed delivery is tried again: attempt 1 at once, then after these delays (about 3 days in
 * all, 10 attempts), each with ±10 % jitter so endpoints that failed together do not retry together.
 */
export const RETRY_DELAYS_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  24 * 3600,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
export const JITTER = 0.1;
/** A `Retry-After` beyond this is not waited for longer. */
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;
/** An endpoint whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;

/**
 * The moment of the next attempt after failed attempt number `attempt` (1-based), or null when it was
 * the last. A `Retry-After` (429/503) is honoured: never earlier than it asks. `scale` shortens the
 * schedule for drills (WEBHOOK_RETRY_DELAY_SCALE).
 */
export function nextAttemptAt(
  attempt: number,
  now: Date,
  retryAfterSeconds: number | null,
  random = Math.random,
  scale = 1,
): Date | null {
  const base = RETRY_DELAYS_SECONDS[attempt - 1];
  if (base === undefined) return null;
  const jittered = base * scale * (1 - JITTER + 2 * JITTER * random());
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds, MAX_RETRY_AFTER_SECONDS);
  return new Date(now.getTime() + Math.round(Math.max(jittered, asked) * 1000));
}
