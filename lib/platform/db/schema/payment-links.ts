import { ownedByTenant, tenantId } from './tenants';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, money, updatedAt, currencyCode } from './columns';
import { merchants } from './merchants';
import { type PaymentLinkStatus } from '../../vocabulary';

/**
 * A reusable payment link (docs/decisions/payment-links.md): a short public address, `/l/<slug>`,
 * that starts a fresh checkout each time a customer confirms it. Either a fixed `amount`, or an
 * amount the customer chooses between `min_amount` and `max_amount` (each optional; the currency's
 * own limits apply anyway). Money in minor units. The slug is random, never derived from the id.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    slug: text().notNull().unique(),
    /** null: the customer chooses the amount. */
    amount: money(),
    minAmount: money(),
    maxAmount: money(),
    currencyCode: currencyCode().notNull(),
    description: text().notNull(),
    collectCustomerEmail: boolean().notNull().default(false),
    /** null: no end date. */
    endsAt: moment(),
    /** null: no limit. Counts paid checkouts. */
    maxPayments: integer(),
    status: text().$type<PaymentLinkStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ownedByTenant('payment_links', t),
    // The target of checkouts' (payment_link_id, tenant_id): a checkout only records a link of its own mode.
    unique('payment_links_id_tenant_unique').on(t.id, t.tenantId),
    index('payment_links_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('payment_links_amount_positive', sql`${t.amount} is null or ${t.amount} > 0`),
    check(
      'payment_links_bounds_only_when_open',
      sql`${t.amount} is null or (${t.minAmount} is null and ${t.maxAmount} is null)`,
    ),
    check('payment_links_min_positive', sql`${t.minAmount} is null or ${t.minAmount} > 0`),
    check(
      'payment_links_bounds_ordered',
      sql`${t.minAmount} is null or ${t.maxAmount} is null or ${t.minAmount} <= ${t.maxAmount}`,
    ),
    check('payment_links_max_payments_positive', sql`${t.maxPayments} is null or ${t.maxPayments} > 0`),
    check('payment_links_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);
