import { ownedByTenant, sameTenant, tenantId } from './tenants';
import { boolean, check, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, moment, money, updatedAt, currencyCode } from './columns';
import { merchants } from './merchants';
import { currencies } from './currencies';
import { paymentLinks } from './payment-links';
import { CHECKOUT_STATUSES, APPROVAL_STATUSES, type CheckoutStatus, type ApprovalStatus } from '../../vocabulary';

/**
 * What the dashboard's search box matches a part of: the payment reference, the customer's email and
 * name, and the merchant's order id (`meta_data.order_id`), joined by a character no one can type
 * (U+001F) so a match never spans two fields. The trigram index below is built on exactly this text.
 */
export const checkoutSearchText = (t: {
  paymentReference: unknown;
  customerEmail: unknown;
  customerName: unknown;
  metaData: unknown;
}) =>
  sql`(${t.paymentReference} || chr(31) || ${t.customerEmail} || chr(31) || coalesce(${t.customerName}, '') || chr(31) || coalesce(${t.metaData} ->> 'order_id', ''))`;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    paymentReference: text().notNull().unique(),
    amount: money().notNull(),
    currencyId: uuid()
      .notNull()
      .references(() => currencies.id),
    currencyCode: currencyCode().notNull(),
    status: text().$type<CheckoutStatus>().notNull().default('pending'),
    customerEmail: text().notNull(),
    customerName: text(),
    customerPhone: text(),
    customerPhoneEditable: boolean().notNull().default(true),
    /** The language the customer used on the hosted page ('en' | 'fr'), for their mail; null: English. */
    customerLocale: text(),
    description: text(),
    paymentMethod: text(),
    expiresAt: moment().notNull(),
    paidAt: moment(),
    completedAt: moment(),
    cancelledAt: moment(),
    redirectUrl: text(),
    metaData: jsonb().$type<Record<string, string>>(),
    approvalStatus: text().$type<ApprovalStatus>().notNull().default('pending_approval'),
    approvedByAdminId: uuid(),
    approvedAt: moment(),
    rejectionReason: text(),
    adminNotes: text(),
    /** The reusable payment link the customer started from (docs/decisions/payment-links.md); null otherwise. */
    paymentLinkId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ownedByTenant('checkouts', t),
    unique('checkouts_id_tenant_unique').on(t.id, t.tenantId),
    sameTenant('checkouts_payment_link_fk', t.paymentLinkId, t, paymentLinks),
    // A link's payments and totals.
    index('checkouts_payment_link_idx')
      .on(t.paymentLinkId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.paymentLinkId} is not null`),
    // Newest-first listing per merchant, with id as the tie-breaker for equal timestamps.
    index('checkouts_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The listing's customer_email filter (exact, any case), newest first.
    index('checkouts_tenant_email_idx').on(t.tenantId, sql`lower(${t.customerEmail})`, t.createdAt.desc().nullsFirst()),
    // The dashboard's search for a part of a reference, email, name or order id (ILIKE '%…%').
    index('checkouts_search_trgm_idx').using('gin', sql`${checkoutSearchText(t)} gin_trgm_ops`),
    // The expiry sweep only ever looks at checkouts that can still expire.
    index('checkouts_expirable_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('pending', 'awaiting_payment_initiation', 'failed', 'timeout')`),
    // Bank transfers waiting for the operator: the console's queue and each dashboard's count.
    index('checkouts_awaiting_approval_idx')
      .on(t.tenantId, t.updatedAt)
      .where(
        sql`${t.status} = 'processing' and ${t.paymentMethod} = 'bank_transfer' and ${t.approvalStatus} = 'pending_approval'`,
      ),
    check('checkouts_amount_positive', sql`${t.amount} > 0`),
    check('checkouts_status_check', sql`${t.status} in (${inList(CHECKOUT_STATUSES)})`),
    check('checkouts_approval_status_check', sql`${t.approvalStatus} in (${inList(APPROVAL_STATUSES)})`),
    // A language code; which ones the catalogue has is the application's (lib/platform/i18n/languages.ts).
    check('checkouts_customer_locale_check', sql`${t.customerLocale} ~ '^[a-z]{2,3}$'`),
  ],
);
