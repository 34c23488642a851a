import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './merchants';

/** The first response to each (merchant, Idempotency-Key), written in the same transaction as its effect. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    key: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer().notNull(),
    responseBody: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.key] })],
);
