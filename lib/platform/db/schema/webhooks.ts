import { ownedByTenant, tenantId } from './tenants';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, updatedAt } from './columns';
import { merchants } from './merchants';
import { events } from './events';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../../vocabulary';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A merchant's webhook endpoint. The signing secret is kept in clear: the service must sign every
 * delivery with it (a hash would not do), so the database is its trust boundary. During a rotation
 * the previous secret keeps signing beside the new one until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    url: text().notNull(),
    description: text(),
    /** Event identifiers, or ['*'] for all. */
    eventTypes: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    /** Sandbox only: deliveries may go to loopback addresses (local development). */
    allowLoopback: boolean().notNull().default(false),
    secret: text().notNull(),
    previousSecret: text(),
    previousSecretExpiresAt: moment(),
    secretRotatedAt: moment(),
    /** Start of the current run of failed attempts (null after a success); 5 days of it disables. */
    failingSince: moment(),
    disabledAt: moment(),
    disabledReason: text(),
    lastSuccessAt: moment(),
    deletedAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ownedByTenant('webhook_endpoints', t),
    index('webhook_endpoints_tenant_idx')
      .on(t.tenantId)
      .where(sql`${t.deletedAt} is null`),
    check('webhook_endpoints_event_types_not_empty', sql`cardinality(${t.eventTypes}) > 0`),
  ],
);

/**
 * One event for one endpoint: the unit of delivery and retry (the queue itself). A delivery is claimed
 * by a dispatcher with a lease (`locked_until`, `lease_token`, `claimed_by`): a dispatcher that dies mid-delivery
 * loses the lease when it runs out, and another one delivers again (at least once).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    /** Attempts made in the current schedule (a redelivery starts a new schedule). */
    attemptCount: integer().notNull().default(0),
    nextAttemptAt: moment().notNull().defaultNow(),
    lockedUntil: moment(),
    leaseToken: uuid(),
    /** The dispatcher holding the lease: an endpoint is served by one dispatcher at a time. */
    claimedBy: uuid(),
    lastAttemptAt: moment(),
    lastStatusCode: integer(),
    lastError: text(),
    deliveredAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ownedByTenant('webhook_deliveries', t),
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.eventId),
    // An endpoint's line, in the order a dispatcher claims it (and the endpoints with any pending).
    index('webhook_deliveries_line_idx')
      .on(t.endpointId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // Deliveries a dispatcher holds (or held, until claimed again): whose an endpoint is.
    index('webhook_deliveries_claimed_idx')
      .on(t.endpointId)
      .where(sql`${t.status} = 'pending' and ${t.claimedBy} is not null`),
    index('webhook_deliveries_endpoint_created_idx').on(
      t.endpointId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('webhook_deliveries_status_check', sql`${t.status} in (${inList(WEBHOOK_DELIVERY_STATUSES)})`),
  ],
);

/** Every HTTP attempt of a delivery, for the merchant to inspect. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptNumber: integer().notNull(),
    succeeded: boolean().notNull(),
    statusCode: integer(),
    /** timeout, connection_refused, address_refused (SSRF guard), redirect, … */
    error: text(),
    latencyMs: integer().notNull(),
    /** The first 1 KiB of the response body. */
    responseBody: text(),
    nextRetryAt: moment(),
    createdAt: createdAt(),
  },
  (t) => [ownedByTenant('webhook_attempts', t), index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
);
