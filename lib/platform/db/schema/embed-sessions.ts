import { ownedByTenant, tenantId } from './tenants';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, money, updatedAt, currencyCode } from './columns';
import { merchants } from './merchants';
import { checkouts } from './checkouts';
import { EMBED_LIMITS, type EmbedSessionStatus } from '../../vocabulary';

/**
 * A checkout button a merchant puts on its own page (docs/checkout-button.md). The public token is
 * kept in clear: it is published in the merchant's HTML by design (it can only create checkouts for
 * the amounts below, from the allowed origins), and the merchant must be able to read its snippet
 * again. Exactly one of `amount` (one fixed amount) and `amounts` (a picker) is set.
 */
export const embedSessions = pgTable(
  'embed_sessions',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    publicToken: text().notNull().unique(),
    amount: money(),
    amounts: bigint({ mode: 'bigint' }).array(),
    currencyCode: currencyCode().notNull(),
    description: text(),
    buttonLabel: text().notNull(),
    collectCustomerName: boolean().notNull().default(false),
    collectCustomerPhone: boolean().notNull().default(false),
    metaData: jsonb().$type<Record<string, string>>(),
    /** Exact origins (`https://shop.example`), as browsers send them in `Origin`. */
    allowedOrigins: text().array().notNull(),
    /** null: until disabled. */
    expiresAt: moment(),
    status: text().$type<EmbedSessionStatus>().notNull().default('active'),
    disabledAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ownedByTenant('embed_sessions', t),
    index('embed_sessions_tenant_created_idx').on(
      t.tenantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('embed_sessions_one_amount_kind', sql`(${t.amount} is null) <> (${t.amounts} is null)`),
    check('embed_sessions_amount_positive', sql`${t.amount} is null or ${t.amount} > 0`),
    check(
      'embed_sessions_amounts_valid',
      sql`${t.amounts} is null or (cardinality(${t.amounts}) between 1 and ${sql.raw(String(EMBED_LIMITS.amounts))} and 0 < all(${t.amounts}))`,
    ),
    check(
      'embed_sessions_origins_count',
      sql`cardinality(${t.allowedOrigins}) between 1 and ${sql.raw(String(EMBED_LIMITS.origins))}`,
    ),
    check('embed_sessions_status_check', sql`${t.status} in ('active', 'disabled')`),
  ],
);

/** Which checkouts a button created (its `checkouts_created`, and a way back from a checkout to its button). */
export const embedSessionCheckouts = pgTable(
  'embed_session_checkouts',
  {
    checkoutId: uuid()
      .primaryKey()
      .references(() => checkouts.id),
    embedSessionId: uuid()
      .notNull()
      .references(() => embedSessions.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    createdAt: createdAt(),
  },
  (t) => [
    ownedByTenant('embed_session_checkouts', t),
    index('embed_session_checkouts_session_idx').on(t.embedSessionId),
  ],
);
