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

export function openDatabase(url: string, max = 10): Connection {
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    // Timestamps are parsed by drizzle; bigint columns stay strings until drizzle makes them BigInt.
    connection: { application_name: 'merchant-payments', TimeZone: 'UTC' },
  });
  return { sql, db: drizzle(sql, { schema, casing: 'snake_case' }), url };
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
