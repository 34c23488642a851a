import { ownedByTenant, sameTenant, tenantId } from './tenants';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, moment, money, updatedAt, currencyCode } from './columns';
import { merchants } from './merchants';
import { checkouts } from './checkouts';
import { type PaymentMethod, type AttemptStatus } from '../../vocabulary';

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    checkoutId: uuid()
      .notNull()
      .references(() => checkouts.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    method: text().$type<PaymentMethod>().notNull(),
    network: text(),
    phone: text(),
    amount: money().notNull(),
    currencyCode: currencyCode().notNull(),
    status: text().$type<AttemptStatus>().notNull(),
    provider: text().notNull(),
    providerReference: text(),
    providerMetadata: jsonb().$type<Record<string, unknown>>(),
    failureCode: text(),
    failureMessage: text(),
    /** Mobile money: when the attempt times out if the rail has not answered. */
    respondBy: moment(),
    /**
     * Mobile money: when the prompt's request was first sent, written and committed before it leaves, so
     * a job that runs again (its worker died, its answer was lost) knows it went out (mobile-money.ts).
     */
    promptSentAt: moment(),
    claimedAt: moment(),
    completedAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ownedByTenant('payment_attempts', t),
    sameTenant('payment_attempts_checkout_tenant_fk', t.checkoutId, t, checkouts),
    index('payment_attempts_checkout_idx').on(t.checkoutId, t.createdAt),
    // Attempts waiting for a provider's final answer, oldest first: the console's unresolved list
    // and the metrics scrape read only these (lib/platform/ops/metrics.ts).
    index('payment_attempts_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'processing'`),
    uniqueIndex('payment_attempts_provider_reference_unique').on(t.provider, t.providerReference),
    // At most one live attempt per checkout: a second "pay" click cannot start a parallel charge.
    uniqueIndex('payment_attempts_one_live_per_checkout')
      .on(t.checkoutId)
      .where(sql`${t.status} in ('awaiting_transfer', 'claimed', 'processing')`),
  ],
);
