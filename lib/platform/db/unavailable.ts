import { describeError } from '../log';

/**
 * Failures that say nothing about the statement and everything about the connection: PostgreSQL could
 * not be reached, refused new sessions (starting up, shutting down, full), or the connection broke
 * under a statement. They are answered as "try again shortly" (503 `database_unavailable`), never as
 * a bug (500). Recognised through drizzle's wrapper (`DrizzleQueryError`, whose `cause` is the
 * driver's error) and any other `cause` chain.
 */

/** Our own: the pool refused a statement at once because the server is known to be unreachable (client.ts). */
export const DATABASE_UNREACHABLE = 'DATABASE_UNREACHABLE';
/** Our own: a statement got no answer within DATABASE_STATEMENT_DEADLINE_SECONDS (deadline.ts). */
export const STATEMENT_DEADLINE = 'STATEMENT_DEADLINE';

/**
 * What each failure says, by `code`: Node's socket errors, postgres.js's own
 * (node_modules/postgres/src/errors.js) and PostgreSQL's SQLSTATEs.
 *
 * - `unreachable`: no session could be opened, the server is not there (or not yet): the pool fails
 *   statements at once until it answers again (client.ts, Reachability);
 * - `lost`: an open connection broke under a statement;
 * - `full`: the server is there but takes no more sessions; the connections already open still work.
 */
const KINDS = {
  ECONNREFUSED: 'unreachable', // nothing listens: the server is down or restarting
  CONNECT_TIMEOUT: 'unreachable', // postgres.js: no session within connect_timeout
  ETIMEDOUT: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  '57P03': 'unreachable', // cannot_connect_now: "the database system is starting up" / "is shutting down"
  '08001': 'unreachable', // sqlclient_unable_to_establish_sqlconnection
  '08004': 'unreachable', // sqlserver_rejected_establishment_of_sqlconnection
  [DATABASE_UNREACHABLE]: 'unreachable',
  [STATEMENT_DEADLINE]: 'lost', // deadline.ts: its connection answers nothing (a partition, a failover)
  ECONNRESET: 'lost',
  EPIPE: 'lost',
  CONNECTION_CLOSED: 'lost', // postgres.js: the socket closed under a statement
  CONNECTION_ENDED: 'lost', // postgres.js: the pool was ended (the process is stopping)
  CONNECTION_DESTROYED: 'lost', // postgres.js: the pool was ended with statements pending
  '57P01': 'lost', // admin_shutdown: the server is stopping (or the backend was terminated)
  '57P02': 'lost', // crash_shutdown: another backend crashed, every session is ended
  '08000': 'lost', // connection_exception
  '08003': 'lost', // connection_does_not_exist
  '08006': 'lost', // connection_failure
  // read_only_sql_transaction: a write on a connection to a node that is a primary no more (a failover
  // under way; Patroni restarts a demoted node, which ends the connection). Not the statement's fault.
  '25006': 'lost',
  '53300': 'full', // too_many_connections
} as const satisfies Record<string, 'unreachable' | 'lost' | 'full'>;

export type ConnectionFailureKind = (typeof KINDS)[keyof typeof KINDS];

export class DatabaseUnavailableError extends Error {
  constructor(
    message: string,
    readonly code: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** What went wrong with the connection (see KINDS), or null when `error` is something else (a constraint, a bug). */
export function connectionFailure(
  error: unknown,
): { kind: ConnectionFailureKind; code: string; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++, current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(KINDS, code))
      return { kind: KINDS[code as keyof typeof KINDS], code, message: current.message };
    // Several addresses tried at once (localhost as ::1 and 127.0.0.1): Node's AggregateError.
    if (current instanceof AggregateError) {
      const inner = current.errors.map(connectionFailure).find((found) => found !== null);
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * postgres.js (3.4.9) fetches a new connection's array types without listening for the answer
 * (connection.js, `fetchArrayTypes`; porsager/postgres#1192, #1223): when that connection breaks
 * during its start, the failure is an unhandled rejection, though the statement that asked for the
 * connection fails (or is retried) on its own. This tells that rejection apart from a real one. It
 * reads plain fields, so it also knows the error after a test runner has copied it between processes.
 */
export function droppedArrayTypesFetch(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  const { code, query } = reason as { code?: unknown; query?: unknown };
  return (
    typeof code === 'string' &&
    Object.hasOwn(KINDS, code) &&
    typeof query === 'string' &&
    /from pg_catalog\.pg_type a\s/.test(query) &&
    query.includes('typarray')
  );
}

/**
 * A failure as log fields: a connection failure in one line (its code and message: the database was
 * away, the code is not at fault, so no stack), anything else in full (describeError).
 */
export function failureFields(error: unknown): Record<string, unknown> {
  const failure = connectionFailure(error);
  return failure ? { db_code: failure.code, error: failure.message } : describeError(error);
}
