import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { checkouts, ownerOf, paymentAttempts } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/errors';
import { log } from '../../platform/log';
import type { BankTransferRail } from '../../rails/providers/types';
import type { CheckoutRow } from '../../checkout/present';
import { transitionCheckout } from '../../checkout/state-machine';
import { recordIncomingBankTransfer, type IncomingTransferKind } from '../rail-outcomes';
import { moveAttempts } from '../attempt-lifecycle';
import { recordRailCall } from '../../rails/circuit';
import { noteProviderAnswer } from './provider-notes';

/**
 * A bank transfer, test or live: the rail opens where the customer pays. Paystack opens an account
 * for this payment only, for its exact amount, until the checkout expires or its longest account life
 * ends (30 minutes), whichever is first: the attempt's `respond_by` is the deadline it answered. The
 * sandbox bank gives its standing account and the reference to quote, with no deadline of its own.
 * The call is made before the transaction (a provider is never called with rows locked); only an
 * account the rail confirmed is shown. A refusal or an unknown answer shows nothing, so nobody can pay
 * into an account we do not know of: 503, try again. `manualApproval`: the rail cannot confirm the
 * money for this merchant, so an operator will (an unverified merchant on a standing account).
 */
export async function openBankTransfer(
  db: Db,
  rail: BankTransferRail,
  row: CheckoutRow,
  manualApproval: boolean,
): Promise<void> {
  const attemptId = crypto.randomUUID();
  const opened = await rail.openAccount({
    attemptId,
    amount: row.amount,
    currency: row.currencyCode,
    reference: row.paymentReference,
    description: row.description ?? row.paymentReference,
    callbackUrl: '',
    customerEmail: row.customerEmail,
    expiresAt: row.expiresAt,
  });
  await recordRailCall(db, rail.name, opened.kind !== 'unknown');
  if (opened.kind !== 'accepted') {
    log.warn('rail.transfer_account_not_opened', {
      rail: rail.name,
      checkout_id: row.id,
      answer: opened.kind,
      detail: opened.kind === 'refused' ? opened.code : opened.detail,
    });
    throw new ApiError(
      503,
      'rail_unavailable',
      'The bank could not open an account for this payment just now: try again, or pay another way',
      [],
      { 'retry-after': '10' },
    );
  }
  await db.transaction(async (tx) => {
    // An account that lapsed is replaced: its attempt is abandoned (money still paid into it is found
    // by its reference all the same).
    await moveAttempts(tx, 'transfer_abandoned', { checkoutId: row.id });
    await transitionCheckout(tx, {
      checkoutId: row.id,
      tenantId: row.tenantId,
      transition: 'choose_bank_transfer',
      set: { paymentMethod: 'bank_transfer', approvalStatus: 'pending_approval' },
    });
    await tx.insert(paymentAttempts).values({
      id: attemptId,
      checkoutId: row.id,
      ...ownerOf(row),
      method: 'bank_transfer',
      amount: row.amount,
      currencyCode: row.currencyCode,
      status: 'awaiting_transfer',
      provider: rail.name,
      providerReference: opened.providerReference,
      // Only mobile-money prompts (`processing`) time out on it; here it is the account's deadline.
      respondBy: opened.expiresAt,
      providerMetadata: {
        bank_account: { ...opened.account, reference: row.paymentReference },
        ...(opened.expiresAt ? { account_expires_at: opened.expiresAt.toISOString() } : {}),
        requires_manual_approval: manualApproval,
      },
    });
  });
}

/** What a notice about a transfer came to (`recorded`: the money is in the books, as `kind`). */
export type TransferSettlement =
  | { outcome: 'recorded'; kind: IncomingTransferKind; checkoutId: string }
  | { outcome: 'not_paid' | 'unknown_reference' | 'unknown' };

/**
 * A rail says money may have arrived for one of its references (an account it opened, or on a rail
 * that matches by reference, a transfer it received). Its word is a hint: the status query decides,
 * and only a success in the checkout's currency records money (once: the collection's rail reference
 * is unique, so a repeated or reordered notice records nothing more).
 */
export async function settleBankTransfer(
  db: Db,
  rail: BankTransferRail,
  providerReference: string,
): Promise<TransferSettlement> {
  const [opened] = await db
    .select({ attemptId: paymentAttempts.id, paymentReference: checkouts.paymentReference })
    .from(paymentAttempts)
    .innerJoin(checkouts, eq(checkouts.id, paymentAttempts.checkoutId))
    .where(and(eq(paymentAttempts.provider, rail.name), eq(paymentAttempts.providerReference, providerReference)));
  if (!opened && !rail.matchesByReference) return { outcome: 'unknown_reference' };
  const status = await rail.queryPayment({ attemptId: opened?.attemptId ?? null, providerReference });
  await recordRailCall(db, rail.name, status.status !== 'unknown');
  if (opened) await noteProviderAnswer(db, opened.attemptId, status.status);
  if (status.status === 'unknown') return { outcome: 'unknown' };
  if (status.status !== 'succeeded') return { outcome: opened ? 'not_paid' : 'unknown_reference' };
  const paymentReference = opened?.paymentReference ?? status.quotedReference;
  const [checkout] = paymentReference
    ? await db
        .select({ currency: checkouts.currencyCode })
        .from(checkouts)
        .where(eq(checkouts.paymentReference, paymentReference))
    : [];
  if (!checkout) return { outcome: 'unknown_reference' };
  if (status.currency !== checkout.currency) {
    log.error('rail.currency_mismatch', {
      rail: rail.name,
      provider_reference: providerReference,
      currency: status.currency,
    });
    return { outcome: 'unknown' };
  }
  const recorded = await recordIncomingBankTransfer(db, {
    paymentReference: paymentReference!,
    amount: status.amount,
    rail: rail.name,
    railReference: status.providerTransactionId,
  });
  return { outcome: 'recorded', kind: recorded.kind, checkoutId: recorded.checkout_id };
}
