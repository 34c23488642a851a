import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * How many wallet lines a tenant's statement has, per (currency, purpose): the statement's `total` for
 * any of its filters is a sum over a few rows instead of a count over every line of the merchant (at
 * 100,000 payments that count made the wallets page 4.5 times slower). Kept by a statement trigger on
 * ledger_lines (drizzle/0027), which are append-only.
 */
export const walletStatementCounts = pgTable(
  'wallet_statement_counts',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id),
    currencyCode: text().notNull(),
    purpose: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.currencyCode, t.purpose] })],
);
