import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { moment } from './columns';

/**
 * Fixed-window counters shared by every app instance: one row per (bucket, window start).
 * Old windows are purged by the worker.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text().notNull(),
    windowStart: moment().notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
