import { desc, eq } from 'drizzle-orm';
import { merchants, paymentAttempts, type PaymentMethod } from '../db/schema';
import type { Db } from '../db/client';
import { config } from '../config';
import { toMajorUnits } from '../money/amount';
import type { CurrencyCode } from '../money/currencies';
import { formatTimestamp } from '../time';
import { loadBranding } from '../branding/branding';
import { offeredMethods } from '../payment-methods/catalog';
import { effectiveStatus, type CheckoutRow } from '../checkouts/present';
import { findCheckoutById } from '../checkouts/read-checkouts';
import { maskPhone } from '../payment-methods/mobile-money';
import type { CheckoutSession, CollectionBankAccount, PaymentAttempt } from './contract';

type AttemptRow = typeof paymentAttempts.$inferSelect;

/** The attempt as the page needs it: what to show and, for bank transfers, where to send money. */
export function presentAttempt(attempt: AttemptRow): PaymentAttempt {
  const currency = attempt.currencyCode as CurrencyCode;
  return {
    id: attempt.id,
    method: attempt.method,
    status: attempt.status,
    network: attempt.network as PaymentAttempt['network'],
    phone: attempt.phone ? maskPhone(attempt.phone) : null,
    amount: toMajorUnits(attempt.amount, currency),
    currency_code: currency,
    bank_account: attempt.method === 'bank_transfer' ? ((attempt.providerMetadata?.bank_account as CollectionBankAccount | undefined) ?? null) : null,
    failure_code: attempt.failureCode,
    failure_message: attempt.failureMessage,
    respond_by: formatTimestamp(attempt.respondBy),
    claimed_at: formatTimestamp(attempt.claimedAt),
    completed_at: formatTimestamp(attempt.completedAt),
    created_at: formatTimestamp(attempt.createdAt),
  };
}

export async function latestAttempt(db: Db, checkoutId: string): Promise<AttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.checkoutId, checkoutId))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1);
  return attempt;
}

/** `success_redirect_url` with the checkout id, reference and status appended. */
function successRedirect(url: string | null, row: CheckoutRow, status: string): string | null {
  if (!url) return null;
  const target = new URL(url);
  target.searchParams.set('checkout_id', row.id);
  target.searchParams.set('reference', row.paymentReference);
  target.searchParams.set('status', status);
  return target.toString();
}

/**
 * Everything the hosted page renders, in one read: the checkout's public fields, the merchant's
 * branding, the methods on offer, the latest attempt, and the server's clock for countdowns.
 */
export async function presentSession(db: Db, row: CheckoutRow): Promise<CheckoutSession> {
  const currency = row.currencyCode as CurrencyCode;
  const [[merchant], brand, attempt] = await Promise.all([
    db.select({ kybStatus: merchants.kybStatus }).from(merchants).where(eq(merchants.id, row.merchantId)),
    loadBranding(db, row.merchantId),
    latestAttempt(db, row.id),
  ]);
  const status = effectiveStatus(row);
  const paid = status === 'paid' || status === 'completed';
  return {
    checkout: {
      id: row.id,
      payment_reference: row.paymentReference,
      amount: toMajorUnits(row.amount, currency),
      currency_code: currency,
      status,
      approval_status: row.approvalStatus,
      payment_method: row.paymentMethod as PaymentMethod | null,
      customer_email: row.customerEmail,
      customer_name: row.customerName,
      customer_phone: row.customerPhone,
      customer_phone_editable: row.customerPhoneEditable || !row.customerPhone,
      description: row.description,
      expires_at: formatTimestamp(row.expiresAt),
      paid_at: formatTimestamp(row.paidAt),
      created_at: formatTimestamp(row.createdAt),
    },
    merchant: {
      display_name: brand.display_name,
      logo_url: brand.logo_url,
      primary_color: brand.primary_color,
      text_color: brand.text_color,
      support_email: brand.support_email,
      support_phone: brand.support_phone,
    },
    methods: offeredMethods({
      currency,
      amount: row.amount,
      kybStatus: merchant?.kybStatus ?? 'unverified',
      acceptedMethods: brand.accepted_methods,
    }),
    latest_attempt: attempt ? presentAttempt(attempt) : null,
    success_redirect_url: paid ? successRedirect(row.redirectUrl ?? brand.success_redirect_url, row, status) : null,
    sandbox: config().PAYMENT_RAILS === 'sandbox',
    server_time: formatTimestamp(new Date()),
  };
}

/** The session as it is now: what every page write answers with, so the page updates at once. */
export async function freshSession(db: Db, checkoutId: string): Promise<CheckoutSession> {
  return presentSession(db, await findCheckoutById(db, checkoutId));
}
