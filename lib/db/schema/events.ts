import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './merchants';

/**
 * The outbox: every state change writes its event here in the same transaction, so webhook delivery
 * (a worker job) can never miss one. `data` is the resource as it was right after the change.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    merchantId: uuid().notNull().references(() => merchants.id),
    eventType: text().notNull(),
    resourceType: text().notNull(),
    resourceId: uuid().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('events_resource_idx').on(t.resourceId),
  ],
);
