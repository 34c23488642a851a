import { sql } from 'drizzle-orm';
import { bigint, date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * Per tenant and UTC day, kept by triggers in the transaction of each change (drizzle/0025): deposits
 * per currency (`kind` 'deposit', `key` the currency: how many, and their amount in minor units) and
 * payment attempts per status (`kind` 'attempt', `key` the status). The dashboard's home reads a
 * fortnight of these (at most a few hundred rows) instead of every payment of the fortnight.
 */
export const tenantDailyStats = pgTable(
  'tenant_daily_stats',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id),
    day: date({ mode: 'string' }).notNull(),
    kind: text().$type<'deposit' | 'attempt'>().notNull(),
    key: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
    amount: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.kind, t.key] })],
);
