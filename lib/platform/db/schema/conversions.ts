import { ownedByTenant, tenantId } from './tenants';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, money, currencyCode } from './columns';
import { merchants } from './merchants';

/** A price for converting an amount, good until `expires_at` and usable once. */
export const conversionQuotes = pgTable(
  'conversion_quotes',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    fromCurrency: currencyCode().notNull(),
    toCurrency: currencyCode().notNull(),
    fromAmount: money().notNull(),
    feeAmount: money().notNull(),
    toAmount: money().notNull(),
    /** Units of `to` per unit of `from`, as exact decimal text. */
    rate: text().notNull(),
    expiresAt: moment().notNull(),
    usedAt: moment(),
    createdAt: createdAt(),
  },
  (t) => [
    ownedByTenant('conversion_quotes', t),
    index('conversion_quotes_tenant_idx').on(t.tenantId),
    check('conversion_quotes_amounts_positive', sql`${t.fromAmount} > 0 and ${t.toAmount} > 0 and ${t.feeAmount} >= 0`),
  ],
);

/** A quote carried out: one ledger entry moving money between two wallets of the merchant. */
export const conversions = pgTable(
  'conversions',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    quoteId: uuid()
      .notNull()
      .references(() => conversionQuotes.id),
    idempotencyKey: text().notNull(),
    fromCurrency: currencyCode().notNull(),
    toCurrency: currencyCode().notNull(),
    fromAmount: money().notNull(),
    feeAmount: money().notNull(),
    toAmount: money().notNull(),
    rate: text().notNull(),
    status: text().$type<'completed'>().notNull().default('completed'),
    createdAt: createdAt(),
  },
  (t) => [
    ownedByTenant('conversions', t),
    uniqueIndex('conversions_quote_unique').on(t.quoteId),
    uniqueIndex('conversions_idempotency_key_unique').on(t.tenantId, t.idempotencyKey),
    index('conversions_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
