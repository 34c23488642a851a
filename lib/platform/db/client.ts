import postgres from 'postgres';
import { drizzle, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { config } from '../config';
import { log } from '../log';
import { statementSpan, transactionSpan } from '../tracing/spans';
import { connectionFailure, DATABASE_UNREACHABLE, DatabaseUnavailableError, STATEMENT_DEADLINE } from './unavailable';
import { withDeadline } from './deadline';

export type Schema = typeof schema;
/** The database or an open transaction: domain verbs accept either. */
export type Db = PgDatabase<PostgresJsQueryResultHKT, Schema>;

interface Connection {
  sql: postgres.Sql;
  db: Db;
  url: string;
}

// One pool per process. Kept on globalThis so Next's module reloading in dev does not leak pools.
const holder = globalThis as unknown as { __paymentsDb?: Connection };

/**
 * drizzle sends every statement unnamed (`prepare: false`), so PostgreSQL parses and plans each one
 * on every call: most of a simple read's cost in the database (bench/README.md, "Where a request's
 * time goes"). This hands drizzle the same client with `prepare: true`: postgres.js then prepares a
 * statement once per connection and reuses it by its text (parsed once; planned as PostgreSQL
 * decides, see below). Transactions and savepoints get the same
 * treatment. The cache grows with each distinct text (an IN list of a new length is a new text); a
 * connection is replaced after 30–60 minutes (postgres.js's `max_lifetime`), which bounds it.
 *
 * The same wrapper keeps an outage short and harmless (docs/operations.md, "When the database is
 * unreachable"): statements fail at once while the server is known to be unreachable (Reachability),
 * and a transaction whose connection broke never writes to it again (TransactionState).
 */
function pooled(sql: postgres.Sql, reach: Reachability, deadlineMs: number): postgres.Sql {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, args?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => {
          let settle: (error?: unknown) => void;
          try {
            settle = reach.admit();
          } catch (error) {
            return refusedStatement(error);
          }
          const statement = withDeadline(target.unsafe(query, args, { ...options, prepare: true }), deadlineMs);
          const done = occupy();
          const traced = statementSpan(query);
          // Awaiting a postgres.js query is what sends it; drizzle awaits it in the same tick anyway.
          statement.then(
            () => (done(), traced(), settle()),
            (error: unknown) => (done(), traced(error), settle(error)),
          );
          return statement;
        };
      if (property === 'begin')
        return (...args: unknown[]) => {
          let settle: (error?: unknown) => void;
          try {
            settle = reach.admit();
          } catch (error) {
            return Promise.reject(error);
          }
          const run = args.pop() as (tx: postgres.TransactionSql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...a: unknown[]) => Promise<unknown>;
          const state = new TransactionState();
          const done = occupy();
          const traced = transactionSpan();
          // BEGIN was answered once the body runs: the server is reachable, however long the body takes.
          // Until then (a connection to wait for, BEGIN to be answered) the statement deadline applies.
          const opening = setTimeout(
            () => state.failed(new DatabaseUnavailableError('BEGIN got no answer in time', STATEMENT_DEADLINE)),
            deadlineMs,
          );
          let told = false;
          const tell = (error?: unknown) => {
            clearTimeout(opening);
            if (!told) settle(error);
            told = true;
          };
          const outcome = open.call(
            target,
            ...args,
            traced.bind((tx: postgres.TransactionSql) => {
              tell();
              return state.guard(() => run(inTransaction(tx, state, deadlineMs)));
            }),
          );
          outcome.then(
            () => (state.end(), done(), tell(), traced.end()),
            (error: unknown) => (state.end(), done(), tell(error), traced.end(error)),
          );
          // A statement past its deadline ends the wait for the whole transaction (TransactionState).
          return Promise.race([outcome, state.abandoned]);
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

/** A transaction's (or savepoint's) client: prepared statements, and nothing sent once its connection is gone. */
function inTransaction(
  sql: postgres.TransactionSql,
  state: TransactionState,
  deadlineMs: number,
): postgres.TransactionSql {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, args?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => {
          if (state.gone) return refusedStatement(state.lostError());
          const statement = withDeadline(target.unsafe(query, args, { ...options, prepare: true }), deadlineMs);
          const traced = statementSpan(query);
          statement.then(
            () => traced(),
            (error: unknown) => (traced(error), state.failed(error)),
          );
          return statement;
        };
      if (property === 'savepoint')
        return (...args: unknown[]) => {
          if (state.gone) return Promise.reject(state.lostError());
          const run = args.pop() as (tx: postgres.TransactionSql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...a: unknown[]) => Promise<unknown>;
          return open.call(target, ...args, (tx: postgres.TransactionSql) =>
            state.guard(() => run(inTransaction(tx, state, deadlineMs))),
          );
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * What this process's pool is doing, for its metrics (lib/platform/ops/metrics.ts): statements and
 * transactions in flight, whether the database is unreachable now, and how many times it became so.
 */
const activity = { inFlight: 0, outages: 0, unreachable: false };

function occupy(): () => void {
  activity.inFlight++;
  let done = false;
  return () => {
    if (!done) activity.inFlight--;
    done = true;
  };
}

export function databaseActivity(): { inFlight: number; outages: number; unreachable: boolean; poolSize: number } {
  return { ...activity, poolSize: config().DATABASE_POOL_SIZE };
}

/** A statement refused before it was sent: rejects wherever drizzle awaits it (`.values()` included). */
function refusedStatement(error: unknown): postgres.PendingQuery<postgres.Row[]> {
  const rejected = Promise.reject(error);
  return Object.assign(rejected, {
    values: () => rejected,
    raw: () => rejected,
    execute: () => rejected,
  }) as unknown as postgres.PendingQuery<postgres.Row[]>;
}

/** While the server is unreachable, one statement tries it this often; the others fail at once. */
export const PROBE_INTERVAL_MS = 500;
/** A try still under way after this long (a statement that runs long) no longer holds back the next. */
const PROBE_STALE_MS = 5_000;

/**
 * Whether the server can be reached, as this pool last found out. A statement that could not get a
 * connection because the server is not there (refused, timed out, "the database system is starting
 * up") makes it unreachable: from then on statements and transactions fail at once with
 * DATABASE_UNREACHABLE instead of queueing behind reconnection attempts, so every request during an
 * outage is answered within connect_timeout, however many arrive. Half a second after the last try
 * ended, one statement goes through to try again; any answer from the server (a success, or an error
 * of its own) makes it reachable. A connection that broke under a statement, or a server too full for
 * another session, says nothing of the connections that work.
 */
class Reachability {
  private unreachable: { since: number; failure: { code: string; message: string } } | null = null;
  private lastProbe = 0;
  private probeStarted: number | null = null;

  /** Before a statement or transaction: throws when it must fail at once; returns what to tell of its outcome. */
  admit(): (error?: unknown) => void {
    if (!this.unreachable) return (error) => this.settle(error, false);
    const now = Date.now();
    const probing = this.probeStarted !== null && now - this.probeStarted < PROBE_STALE_MS;
    if (probing || now - this.lastProbe < PROBE_INTERVAL_MS) {
      const { code, message } = this.unreachable.failure;
      throw new DatabaseUnavailableError(`the database is unreachable (${code}: ${message})`, DATABASE_UNREACHABLE);
    }
    this.probeStarted = now;
    return (error) => this.settle(error, true);
  }

  private settle(error: unknown, probe: boolean): void {
    if (probe) {
      this.probeStarted = null;
      this.lastProbe = Date.now();
    }
    const failure = error === undefined ? null : connectionFailure(error);
    if (failure?.kind === 'unreachable') {
      if (failure.code === DATABASE_UNREACHABLE) return;
      if (!this.unreachable) {
        log.warn('database unreachable', { db_code: failure.code, error: failure.message });
        activity.outages++;
        activity.unreachable = true;
        this.lastProbe = Date.now();
      }
      this.unreachable = { since: this.unreachable?.since ?? Date.now(), failure };
    } else if (!failure && this.unreachable) {
      log.info('database reachable again', { unreachable_ms: Date.now() - this.unreachable.since });
      this.unreachable = null;
      activity.unreachable = false;
    }
  }
}

/** How long a transaction that met a connection failure waits to learn whether its connection is gone. */
const LOST_GRACE_MS = 1000;

/**
 * One transaction's connection, as far as a failure tells. When it breaks under a statement,
 * postgres.js rejects begin() at once (the caller gets CONNECTION_CLOSED) and then, as the body
 * rejects too, writes ROLLBACK to the closed socket: that throws outside any promise and ends the
 * process (porsager/postgres#1208, 3.4.9). And once the pool reconnects that connection for other
 * work, a statement the body still sends would run outside the transaction. So after a connection
 * failure nothing more is sent in this transaction, and if begin() has settled (its connection
 * closed), the body is left unsettled: postgres.js then writes nothing, and PostgreSQL rolled the
 * transaction back when the session ended. If begin() has not settled within LOST_GRACE_MS, the
 * connection is alive (the failure came from elsewhere) and the body rejects as usual: ROLLBACK.
 */
class TransactionState {
  /** A statement of this transaction failed for its connection. */
  private lost = false;
  /** begin() settled: with the body still running, only its connection closing does that. */
  private settled = false;
  private onEnd: (() => void)[] = [];
  private abandon: (error: unknown) => void = () => {};
  /**
   * Rejects when a statement of the transaction passed its deadline: its connection answers nothing,
   * so neither will ROLLBACK, and begin() may never settle. The caller is answered now; PostgreSQL
   * rolls the transaction back when the session ends (or, had COMMIT been sent, keeps it).
   */
  readonly abandoned = new Promise<never>((_, reject) => (this.abandon = reject));

  constructor() {
    this.abandoned.catch(() => {});
  }

  get gone(): boolean {
    return this.lost || this.settled;
  }

  end(): void {
    this.settled = true;
    for (const wake of this.onEnd.splice(0)) wake();
  }

  failed(error: unknown): void {
    const failure = connectionFailure(error);
    if (failure) this.lost = true;
    if (failure?.code === STATEMENT_DEADLINE) this.abandon(error);
  }

  lostError(): DatabaseUnavailableError {
    return new DatabaseUnavailableError("the transaction's connection was lost", 'CONNECTION_CLOSED');
  }

  async guard<T>(body: () => T | Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      // Any other failure, on a connection that is fine: postgres.js rolls back as usual.
      if (!this.gone) throw error;
      // A connection that answers nothing would not answer ROLLBACK either: nothing more is sent.
      if (connectionFailure(error)?.code === STATEMENT_DEADLINE) return new Promise<T>(() => {});
      if (await this.endsWithin(LOST_GRACE_MS)) return new Promise<T>(() => {});
      throw error;
    }
  }

  private endsWithin(ms: number): Promise<boolean> {
    if (this.settled) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.onEnd.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/** The pause before a connection slot tries again after failing: 50 ms doubling to 0.5 s (postgres.js's own grows to 20 s). */
const reconnectDelay = (failures: number) => Math.min(0.05 * 2 ** failures, 0.5) * (0.5 + Math.random() / 2);

export function openDatabase(url: string, max = 10, connectTimeoutSeconds = 5, deadlineSeconds = 30): Connection {
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    // A session not established within this long fails (CONNECT_TIMEOUT), rather than after 30 s.
    connect_timeout: connectTimeoutSeconds,
    backoff: reconnectDelay,
    // Timestamps are parsed by drizzle; bigint columns stay strings until drizzle makes them BigInt.
    // Prepared statements keep PostgreSQL's plan caching: after five calls a statement may run on a
    // generic plan, made once for every value. Planning each call (force_custom_plan) cost reads 30-50 %
    // more CPU (bench/README.md). A query whose plan depends on the merchant's size is written so the
    // generic plan is right too (the wallet statement reads its page of lines, then their entries).
    connection: { application_name: 'merchant-payments', TimeZone: 'UTC' },
  });
  return {
    sql,
    db: drizzle(pooled(sql, new Reachability(), deadlineSeconds * 1000), { schema, casing: 'snake_case' }),
    url,
  };
}

function connection(): Connection {
  const url = config().DATABASE_URL;
  if (holder.__paymentsDb?.url !== url) {
    void holder.__paymentsDb?.sql.end({ timeout: 1 });
    const settings = config();
    holder.__paymentsDb = openDatabase(
      url,
      settings.DATABASE_POOL_SIZE,
      settings.DATABASE_CONNECT_TIMEOUT_SECONDS,
      settings.DATABASE_STATEMENT_DEADLINE_SECONDS,
    );
  }
  return holder.__paymentsDb;
}

export const getDb = (): Db => connection().db;
export const getSql = (): postgres.Sql => connection().sql;

export async function closeDatabase(): Promise<void> {
  const current = holder.__paymentsDb;
  holder.__paymentsDb = undefined;
  await current?.sql.end({ timeout: 5 });
}
