import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { moment, updatedAt } from './columns';

/**
 * One circuit breaker per live rail, in the database so every instance agrees: `failures` counts
 * calls in a row that got no answer (time-out, 5xx, connection lost); at the threshold the rail is
 * `open` (down) from `opened_at`, and after a cool-down one call is let through as a probe. Any
 * answer closes it (lib/rails/circuit.ts).
 */
export const railCircuits = pgTable(
  'rail_circuits',
  {
    rail: text().primaryKey(),
    state: text().$type<'closed' | 'open'>().notNull().default('closed'),
    failures: integer().notNull().default(0),
    openedAt: moment(),
    lastFailureAt: moment(),
    updatedAt: updatedAt(),
  },
  (t) => [check('rail_circuits_state_check', sql`${t.state} in ('closed', 'open')`)],
);
