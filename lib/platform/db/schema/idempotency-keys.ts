import { ownedByTenant, tenantId } from './tenants';
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
    tenantId: tenantId(),
    key: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer().notNull(),
    responseBody: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [ownedByTenant('idempotency_keys', t), primaryKey({ columns: [t.tenantId, t.key] })],
);
