import type { checkouts, CheckoutStatus, PaymentMethod } from '../db/schema';
import { config } from '../config';
import { toMajorUnits } from '../money/amount';
import type { CurrencyCode } from '../money/currencies';
import { formatTimestamp } from '../time';
import { EXPIRABLE_STATUSES } from './statuses';
import { signCheckoutToken } from './token';
import type { CheckoutFull, CheckoutPublic } from './contract';

export type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * What a reader sees: a checkout that could still expire and is past `expires_at` reads as `expired`
 * at once, even before the worker has moved it (reads never write).
 */
export function effectiveStatus(row: Pick<CheckoutRow, 'status' | 'expiresAt'>, now = new Date()): CheckoutStatus {
  if ((EXPIRABLE_STATUSES as readonly string[]).includes(row.status) && row.expiresAt <= now) return 'expired';
  return row.status;
}

/** The page link without its credential; the host always comes from configuration (spec 2.5 rule 2). */
export const checkoutPageUrl = (reference: string) =>
  `${config().CHECKOUT_BASE_URL}/pay/${encodeURIComponent(reference)}`;

/** Public shape (spec 2.5): create, get and cancel. Its `checkout_url` carries `#token=`. */
export async function presentCheckoutPublic(row: CheckoutRow): Promise<CheckoutPublic> {
  const currency = row.currencyCode as CurrencyCode;
  return {
    id: row.id,
    payment_reference: row.paymentReference,
    checkout_url: `${checkoutPageUrl(row.paymentReference)}#token=${await signCheckoutToken(row)}`,
    amount: toMajorUnits(row.amount, currency),
    currency_code: currency,
    status: effectiveStatus(row),
    customer_email: row.customerEmail,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    customer_phone_editable: row.customerPhoneEditable,
    description: row.description,
    expires_at: formatTimestamp(row.expiresAt),
    paid_at: formatTimestamp(row.paidAt),
    created_at: formatTimestamp(row.createdAt),
  };
}

/** Full shape (spec 2.5): list, and every checkout event. Its `checkout_url` has no token. */
export function presentCheckoutFull(row: CheckoutRow): CheckoutFull {
  const currency = row.currencyCode as CurrencyCode;
  return {
    id: row.id,
    merchant_id: row.merchantId,
    payment_reference: row.paymentReference,
    checkout_url: checkoutPageUrl(row.paymentReference),
    amount: toMajorUnits(row.amount, currency),
    currency_code: currency,
    status: effectiveStatus(row),
    customer_email: row.customerEmail,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    description: row.description,
    payment_method: row.paymentMethod as PaymentMethod | null,
    expires_at: formatTimestamp(row.expiresAt),
    paid_at: formatTimestamp(row.paidAt),
    completed_at: formatTimestamp(row.completedAt),
    redirect_url: row.redirectUrl,
    meta_data: row.metaData,
    approval_status: row.approvalStatus,
    approved_by_admin_id: row.approvedByAdminId,
    approved_at: formatTimestamp(row.approvedAt),
    rejection_reason: row.rejectionReason,
    admin_notes: row.adminNotes,
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
  };
}
