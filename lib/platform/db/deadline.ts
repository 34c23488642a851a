import type postgres from 'postgres';
import { DatabaseUnavailableError, STATEMENT_DEADLINE } from './unavailable';

/**
 * A statement that gets no answer within `ms` is answered for the caller as a lost connection (a 503
 * `database_unavailable`), instead of holding its request, and every request queued behind it, for
 * as long as TCP takes to give up on a silent peer (minutes: docs/operations.md, "When the database
 * is unreachable"). Seen in the chaos bed: a failover left postgres.js statements that never settled.
 * The statement itself is not cancelled (a COMMIT may still complete, as with any connection lost
 * mid-commit): a write is sent again with its Idempotency-Key.
 */
export function withDeadline<T extends readonly object[]>(
  statement: postgres.PendingQuery<T>,
  ms: number,
): postgres.PendingQuery<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new DatabaseUnavailableError(`no answer from the database within ${ms / 1000} s`, STATEMENT_DEADLINE)),
      ms,
    );
  });
  const raced = Promise.race([statement, deadline]).finally(() => clearTimeout(timer));
  // drizzle picks the result's form (values, raw) before the statement is sent, on the same tick.
  return Object.assign(raced, {
    values: () => (statement.values(), raced),
    raw: () => (statement.raw(), raced),
    execute: () => (statement.execute(), raced),
    cancel: () => statement.cancel(),
  }) as unknown as postgres.PendingQuery<T>;
}
