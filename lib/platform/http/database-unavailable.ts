import { connectionFailure } from '../db/unavailable';
import { log } from '../log';
import { ApiError } from './errors';

/** What `Retry-After` asks of a client the database could not serve: a restart takes a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a failure of the database connection (lib/platform/db/unavailable.ts: unreachable,
 * starting up or shutting down, or a connection lost under a statement, a COMMIT included): 503
 * `database_unavailable` with Retry-After, never a 500. It is logged once, as a warning without a
 * stack: it says the database was away, not that the code is wrong. Null for any other error.
 *
 * A write cut off this way was rolled back, or committed if the connection broke while COMMIT was on
 * its way: either way the client sends it again with the same Idempotency-Key, and the idempotency
 * record (committed with the write, or not at all) answers which (lib/access/idempotency.ts).
 */
export function databaseUnavailable(error: unknown, fields: Record<string, unknown> = {}): ApiError | null {
  const failure = connectionFailure(error);
  if (!failure) return null;
  log.warn('database unavailable', { ...fields, db_code: failure.code, error: failure.message });
  return new ApiError(
    503,
    'database_unavailable',
    'The service cannot reach its database right now: try again in a few seconds',
    [],
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}
