import { char, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { CurrencyCode } from '../../money/currencies';
import { id } from './columns';

/** Rows are seeded by migrations (0001, 0016); `exponent` is the number of minor-unit digits (2, or 0 for XOF and XAF). */
export const currencies = pgTable('currencies', {
  id: id(),
  code: char({ length: 3 }).$type<CurrencyCode>().notNull().unique(),
  name: text().notNull(),
  exponent: smallint().notNull(),
});
