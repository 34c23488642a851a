import { ownedByTenant, sameTenant, tenantId } from './tenants';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, currencyCode } from './columns';
import { merchants } from './merchants';
import { checkouts } from './checkouts';
import { paymentAttempts } from './payment-attempts';
import { type PaymentMethod } from '../../vocabulary';

/**
 * Money a rail reports as received for a checkout. Never dropped: a collection for a checkout that is
 * already paid, expired or cancelled is kept with `kind` = `duplicate` and announced
 * (`checkout.duplicate_payment`) so it can be refunded. `(rail, rail_reference)` is unique, so a rail
 * repeating the same notification records nothing twice.
 */
export const collections = pgTable(
  'collections',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    checkoutId: uuid()
      .notNull()
      .references(() => checkouts.id),
    attemptId: uuid().references(() => paymentAttempts.id),
    rail: text().notNull(),
    railReference: text().notNull(),
    method: text().$type<PaymentMethod>().notNull(),
    amount: money().notNull(),
    currencyCode: currencyCode().notNull(),
    kind: text().$type<'payment' | 'duplicate' | 'underpayment'>().notNull(),
    details: jsonb().$type<Record<string, unknown>>(),
    receivedAt: createdAt(),
  },
  (t) => [
    ownedByTenant('collections', t),
    sameTenant('collections_checkout_tenant_fk', t.checkoutId, t, checkouts),
    uniqueIndex('collections_rail_reference_unique').on(t.rail, t.railReference),
    index('collections_checkout_idx').on(t.checkoutId),
  ],
);
