import { ownedByTenant, tenantId } from './tenants';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './merchants';

/**
 * The outbox: every state change writes its event here in the same transaction, and a trigger on this
 * table writes the event's webhook deliveries in that transaction too (see
 * lib/notifications/events/record-event.ts), so no delivery can ever be missed. `data` is the resource
 * as it was right after the change.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    /** Total order of events, also within one transaction (where created_at, the transaction's start, ties). */
    sequence: bigint({ mode: 'bigint' }).generatedAlwaysAsIdentity().notNull(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    eventType: text().notNull(),
    resourceType: text().notNull(),
    resourceId: uuid().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Only this webhook endpoint receives the event (a test event); null: every subscribed endpoint. */
    webhookEndpointId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    ownedByTenant('events', t),
    index('events_tenant_sequence_idx').on(t.tenantId, t.sequence),
    index('events_resource_idx').on(t.resourceId),
  ],
);
