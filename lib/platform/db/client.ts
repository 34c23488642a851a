import postgres from 'postgres';
import { drizzle, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { config } from '../config';

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
 */
function preparing<S extends postgres.Sql | postgres.TransactionSql>(sql: S): S {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, args?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, args, { ...options, prepare: true });
      if (property === 'begin' || property === 'savepoint')
        return (...args: unknown[]) => {
          const run = args.pop() as (tx: postgres.TransactionSql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown;
          return open.call(target, ...args, (tx: postgres.TransactionSql) => run(preparing(tx)));
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

export function openDatabase(url: string, max = 10): Connection {
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    // Timestamps are parsed by drizzle; bigint columns stay strings until drizzle makes them BigInt.
    // Prepared statements keep PostgreSQL's plan caching: after five calls a statement may run on a
    // generic plan, made once for every value. Planning each call (force_custom_plan) cost reads 30-50 %
    // more CPU (bench/README.md). A query whose plan depends on the merchant's size is written so the
    // generic plan is right too (the wallet statement reads its page of lines, then their entries).
    connection: { application_name: 'merchant-payments', TimeZone: 'UTC' },
  });
  return { sql, db: drizzle(preparing(sql), { schema, casing: 'snake_case' }), url };
}

function connection(): Connection {
  const url = config().DATABASE_URL;
  if (holder.__paymentsDb?.url !== url) {
    void holder.__paymentsDb?.sql.end({ timeout: 1 });
    holder.__paymentsDb = openDatabase(url, config().DATABASE_POOL_SIZE);
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
