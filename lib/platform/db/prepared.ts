import type { Db } from './client';

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
