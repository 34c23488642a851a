import { desc, eq, sql } from 'drizzle-orm';
import { paymentAttempts } from '../../platform/db/schema';
import { type PaymentMethod } from '../../platform/vocabulary';
import type { Db } from '../../platform/db/client';
import { preparedQuery } from '../../platform/db/prepared';
import { config } from '../../platform/config';
import { notFound } from '../../platform/http/errors';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import { effectiveStatus, type CheckoutRow } from '../../checkout/present';
import { maskPhone } from '../../rails/mobile-money';
import { methodsOnOffer } from './methods';
import { presentReceived } from './money-received';
import { readSessionFacts, type AttemptRow, type SessionFacts } from './session-facts';
import type { CheckoutSession, CollectionBankAccount, PaymentAttempt } from './contract';

/** The attempt as the page needs it: what to show and, for bank transfers, where to send money. */
export function presentAttempt(attempt: AttemptRow): PaymentAttempt {
  const currency = attempt.currencyCode;
  return {
    id: attempt.id,
    method: attempt.method,
    status: attempt.status,
    network: attempt.network as PaymentAttempt['network'],
    phone: attempt.phone ? maskPhone(attempt.phone) : null,
    amount: toMajorUnits(attempt.amount, currency),
    currency_code: currency,
    bank_account:
      attempt.method === 'bank_transfer'
        ? ((attempt.providerMetadata?.bank_account as CollectionBankAccount | undefined) ?? null)
        : null,
    failure_code: attempt.failureCode,
    failure_message: attempt.failureMessage,
    respond_by: formatTimestamp(attempt.respondBy),
    claimed_at: formatTimestamp(attempt.claimedAt),
    completed_at: formatTimestamp(attempt.completedAt),
    created_at: formatTimestamp(attempt.createdAt),
  };
}

export async function latestAttempt(db: Db, checkoutId: string): Promise<AttemptRow | undefined> {
  const query = preparedQuery(db, 'latest_attempt', (d) =>
    d
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.checkoutId, sql.placeholder('checkout')))
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
      .limit(1)
      .prepare('latest_attempt'),
  );
  const [attempt] = await query.execute({ checkout: checkoutId });
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

/** The operator's support contact (SUPPORT_*), for the page to show where a merchant set none. */
function serviceSupport(): CheckoutSession['service_support'] {
  const c = config();
  if (!c.SUPPORT_EMAIL && !c.SUPPORT_PHONE && !c.SUPPORT_URL) return null;
  return {
    name: c.SERVICE_NAME,
    email: c.SUPPORT_EMAIL ?? null,
    phone: c.SUPPORT_PHONE ?? null,
    url: c.SUPPORT_URL ?? null,
  };
}

/**
 * Everything the hosted page renders, from one read (session-facts.ts): the checkout's public fields,
 * the merchant's branding, the methods on offer, the latest attempt, the money received, and the
 * server's clock.
 */
export function presentSession({ checkout: row, offering, attempt, received }: SessionFacts): CheckoutSession {
  const currency = row.currencyCode;
  const { brand } = offering;
  const status = effectiveStatus(row);
  const paid = status === 'paid' || status === 'completed';
  const { methods, unavailable } = methodsOnOffer(row, offering, attempt);
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
    methods,
    methods_unavailable: unavailable,
    latest_attempt: attempt ? presentAttempt(attempt) : null,
    received: presentReceived(received, row),
    service_support: serviceSupport(),
    success_redirect_url: paid ? successRedirect(row.redirectUrl ?? brand.success_redirect_url, row, status) : null,
    sandbox: offering.mode === 'test',
    server_time: formatTimestamp(new Date()),
  };
}

/** The session as it is now: what every page write answers with, so the page updates at once. */
export async function freshSession(db: Db, checkoutId: string): Promise<CheckoutSession> {
  const facts = await readSessionFacts(db, checkoutId);
  if (!facts) throw notFound('Checkout');
  return presentSession(facts);
}
