import type postgres from 'postgres';
import { is, Param, Placeholder, sql, type DriverValueEncoder } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { getDb, type Db } from './client';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle query built once per database handle and run again with new values (its placeholders).
 * drizzle otherwise rebuilds the SQL text on every call, naming each column afresh: 190 µs of CPU for
 * a 30-column select against 130 µs for the whole prepared call (bench/README.md). For fixed-shape
 * reads on hot paths; a transaction is a handle of its own, so there it is built per transaction.
 */
export function preparedQuery<Q>(db: Db, name: string, build: (db: Db) => Q): Q {
  let queries = built.get(db);
  if (!queries) built.set(db, (queries = new Map()));
  let query = queries.get(name) as Q | undefined;
  if (query === undefined) queries.set(name, (query = build(db)));
  return query;
}

type Values<K extends string> = Record<K, unknown>;
type Row<S extends Record<string, PgColumn>> = {
  [K in keyof S]: S[K]['_']['data'] | (S[K]['_']['notNull'] extends true ? never : null);
};

/** An insert built once (insertBuiltOnce): run it with its values, or join it to another (insertWith). */
export interface BuiltInsert<K extends string, S extends Record<string, PgColumn>> {
  (db: Db, values: Values<K>): Promise<Row<S>[]>;
  /** Its SQL and what each parameter takes, built on first use. */
  statement(): Statement;
  returning: S;
}

/**
 * An insert whose SQL drizzle builds once, with a placeholder per value, then runs on any handle, a
 * transaction included (where preparedQuery, per handle, cannot help), its returned columns read as
 * drizzle reads them. Building an insert costs drizzle about as much as the rest of a checkout's
 * creation in node (bench/README.md), and a create always runs in a transaction.
 *
 *   const insertThing = insertBuiltOnce(things, (p) => ({ name: p('name') }), { id: things.id });
 *   const [row] = await insertThing(tx, { name: 'x' });
 */
export function insertBuiltOnce<T extends PgTable, K extends string, S extends Record<string, PgColumn>>(
  table: T,
  values: (placeholder: (name: K) => Placeholder<K>) => PgInsertValue<T>,
  returning: S,
): BuiltInsert<K, S> {
  let statement: Statement | undefined;
  const build = () =>
    (statement ??= slotsOf(
      getDb()
        .insert(table)
        .values(values((name) => sql.placeholder(name)))
        .returning(returning)
        .toSQL(),
    ));
  return Object.assign((db: Db, given: Values<K>) => run(db, build(), returning, given), {
    statement: build,
    returning,
  });
}

/**
 * Two inserts in one statement, `alongside` as a data-modifying CTE of `main`: both are written or
 * neither is, without a transaction's BEGIN and COMMIT (a round trip each: a checkout's creation made
 * four where one does, bench/README.md). The values of both, by name (a name both use takes one
 * value); it returns what `main` returns. `alongside` cannot see `main`'s row: give it what it needs.
 */
export function insertWith<K extends string, S extends Record<string, PgColumn>, K2 extends string>(
  main: BuiltInsert<K, S>,
  alongside: BuiltInsert<K2, Record<string, PgColumn>>,
): BuiltInsert<K | K2, S> {
  let statement: Statement | undefined;
  const build = () => {
    if (statement) return statement;
    const first = main.statement();
    const second = alongside.statement();
    // The CTE's parameters come after the main statement's: $1 of the CTE becomes $(n + 1).
    const shifted = second.sql.replaceAll(/\$(\d+)/g, (_, n: string) => `$${Number(n) + first.slots.length}`);
    return (statement = {
      sql: `with alongside as (${shifted}) ${first.sql}`,
      slots: [...first.slots, ...second.slots],
    });
  };
  return Object.assign((db: Db, given: Values<K | K2>) => run(db, build(), main.returning, given), {
    statement: build,
    returning: main.returning,
  });
}

async function run<S extends Record<string, PgColumn>>(
  db: Db,
  statement: Statement,
  returning: S,
  given: Record<string, unknown>,
): Promise<Row<S>[]> {
  const params = statement.slots.map((slot) => {
    if ('constant' in slot) return slot.constant;
    const value = given[slot.name];
    if (value === undefined) throw new Error(`No value for placeholder "${slot.name}"`);
    // As drizzle writes a value: null stays NULL (a jsonb column's encoder would write JSON null).
    return value === null || !slot.encoder ? value : slot.encoder.mapToDriverValue(value);
  }) as postgres.ParameterOrJSON<never>[];
  // The handle's own client: the pool's, or the transaction's (each goes through client.ts's guards).
  const client = (db as unknown as { session: { client: postgres.Sql } }).session.client;
  const rows = await client.unsafe(statement.sql, params, { prepare: true }).values();
  // drizzle's own reading: the returned columns in the order asked, each through its column's decoder.
  const columns = Object.entries(returning);
  return rows.map((cells) => {
    const row: Record<string, unknown> = {};
    columns.forEach(([key, column], i) => {
      const cell = cells[i] as unknown;
      row[key] = cell === null || cell === undefined ? null : column.mapFromDriverValue(cell);
    });
    return row as Row<S>;
  });
}

type Statement = { sql: string; slots: Slot[] };

/** A parameter of the built statement: a named value (through its column's encoder, if any) or a constant. */
type Slot = { name: string; encoder: DriverValueEncoder<unknown, unknown> | null } | { constant: unknown };

function slotsOf(query: { sql: string; params: unknown[] }): Statement {
  const slots = query.params.map((p): Slot => {
    if (is(p, Placeholder)) return { name: p.name, encoder: null };
    if (is(p, Param) && is(p.value, Placeholder)) return { name: p.value.name, encoder: p.encoder };
    return { constant: p };
  });
  return { sql: query.sql, slots };
}
