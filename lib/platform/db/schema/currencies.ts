import { char, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { id } from './columns';

/** Rows are seeded by a migration; `exponent` is the number of minor-unit digits (2 for every spec currency). */
export const currencies = pgTable('currencies', {
  id: id(),
  code: char({ length: 3 }).notNull().unique(),
  name: text().notNull(),
  exponent: smallint().notNull(),
});
