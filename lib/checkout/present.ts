import type { checkouts } from '../platform/db/schema';
import type { CheckoutStatus, PaymentMethod } from '../platform/vocabulary';
import { config } from '../platform/config';
import { toMajorUnits } from '../platform/money/amount';
import { formatTimestamp } from '../platform/time';
import { EXPIRABLE_STATUSES } from './statuses';
import { signCheckoutToken } from './token';
import { checkoutPublicSchema, type CheckoutFull, type CheckoutPublic } from './contract';

export type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * What a reader sees: a checkout that could still expire and is past `expires_at` reads as `expired`
 * at once, even before the worker has moved it (reads never write).
 */
export function effectiveStatus(row: Pick<CheckoutRow, 'status' | 'expiresAt'>, now = new Date()): CheckoutStatus {
  if ((EXPIRABLE_STATUSES as readonly string[]).includes(row.status) && row.expiresAt <= now) return 'expired';
  return row.status;
}

/**
 * The hosted page's link as the merchant sends it to the customer: the host from configuration (spec
 * 2.5 rule 2) and the checkout's credential in the `#token=` fragment. Every `checkout_url` the
 * merchant sees (create, get, list, cancel, webhooks, the checkout button) is this one: a link without
 * its token cannot open the page.
 */
export function checkoutUrlOf(row: Pick<CheckoutRow, 'id' | 'paymentReference' | 'createdAt' | 'expiresAt'>): string {
  return `${config().CHECKOUT_BASE_URL}/pay/${encodeURIComponent(row.paymentReference)}#token=${signCheckoutToken(row)}`;
}

const PUBLIC_FIELDS = Object.keys(checkoutPublicSchema.shape) as (keyof CheckoutPublic)[];

/** Public shape (spec 2.5): create and cancel. Its fields, as the full shape shows them. */
export function presentCheckoutPublic(row: CheckoutRow, now = new Date()): CheckoutPublic {
  return publicPartOf(presentCheckoutFull(row, now));
}

/** The public shape's fields of a full one (a create presents the full shape for its event anyway). */
export function publicPartOf(full: CheckoutFull): CheckoutPublic {
  return Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, full[field]])) as CheckoutPublic;
}

/**
 * Full shape (spec 2.5): get, list and every checkout event; everything the public one shows, and more.
 * One literal, built synchronously: a listed page builds twenty, and spreading a public shape into a
 * new object (and awaiting its token) was most of their cost (bench/README.md).
 */
export function presentCheckoutFull(row: CheckoutRow, now = new Date()): CheckoutFull {
  const currency = row.currencyCode;
  return {
    id: row.id,
    payment_reference: row.paymentReference,
    checkout_url: checkoutUrlOf(row),
    amount: toMajorUnits(row.amount, currency),
    currency_code: currency,
    status: effectiveStatus(row, now),
    customer_email: row.customerEmail,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    customer_phone_editable: row.customerPhoneEditable,
    description: row.description,
    expires_at: formatTimestamp(row.expiresAt),
    paid_at: formatTimestamp(row.paidAt),
    created_at: formatTimestamp(row.createdAt),
    merchant_id: row.merchantId,
    payment_method: row.paymentMethod as PaymentMethod | null,
    completed_at: formatTimestamp(row.completedAt),
    redirect_url: row.redirectUrl,
    meta_data: row.metaData,
    approval_status: row.approvalStatus,
    approved_by_admin_id: row.approvedByAdminId,
    approved_at: formatTimestamp(row.approvedAt),
    rejection_reason: row.rejectionReason,
    admin_notes: row.adminNotes,
    updated_at: formatTimestamp(row.updatedAt),
  };
}
