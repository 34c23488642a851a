import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { checkouts, ownerOf, paymentAttempts } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/errors';
import { log } from '../../platform/log';
import type { BankTransferProvider } from '../../rails/providers/types';
import type { CheckoutRow } from '../../checkout/present';
import { transitionCheckout } from '../../checkout/state-machine';
import { recordIncomingBankTransfer } from '../rail-outcomes';
import { moveAttempts } from '../attempt-lifecycle';
import { recordRailCall } from '../../rails/circuit';
import { noteProviderAnswer } from './provider-notes';

/**
 * A live bank transfer: the provider opens an account that exists for this payment only, for its
 * exact amount, until the checkout expires or the provider's longest account life ends (Paystack: 30
 * minutes), whichever is first; the attempt's `respond_by` is the deadline the provider answered. The call is made before the transaction (a provider is
 * never called with rows locked); only an account the provider confirmed is shown. A refusal or an
 * unknown answer shows nothing, so nobody can pay into an account we do not know of: 503, try again.
 */
export async function openLiveBankTransfer(db: Db, rail: BankTransferProvider, row: CheckoutRow): Promise<void> {
  const attemptId = crypto.randomUUID();
  const opened = await rail.openTransferAccount({
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
      respondBy: opened.account.expiresAt,
      providerMetadata: {
        bank_account: {
          bank_name: opened.account.bankName,
          account_name: opened.account.accountName,
          account_number: opened.account.accountNumber,
          iban: null,
          branch_code: null,
          sort_code: null,
          routing_number: null,
          swift_code: null,
          reference: row.paymentReference,
        },
        account_expires_at: opened.account.expiresAt.toISOString(),
        requires_manual_approval: false,
      },
    });
  });
}

/**
 * A provider says money may have arrived for one of its references. Its word is a hint: the status
 * query decides, and only a success in the checkout's currency records money (once: the collection's
 * rail reference is unique, so a repeated or reordered notice records nothing more).
 */
export async function settleLiveTransfer(
  db: Db,
  rail: BankTransferProvider,
  providerReference: string,
): Promise<'recorded' | 'not_paid' | 'unknown_reference' | 'unknown'> {
  const [found] = await db
    .select({
      attemptId: paymentAttempts.id,
      paymentReference: checkouts.paymentReference,
      currency: checkouts.currencyCode,
    })
    .from(paymentAttempts)
    .innerJoin(checkouts, eq(checkouts.id, paymentAttempts.checkoutId))
    .where(and(eq(paymentAttempts.provider, rail.name), eq(paymentAttempts.providerReference, providerReference)));
  if (!found) return 'unknown_reference';
  const status = await rail.queryPayment({ attemptId: found.attemptId, providerReference });
  await recordRailCall(db, rail.name, status.status !== 'unknown');
  await noteProviderAnswer(db, found.attemptId, status.status);
  if (status.status === 'unknown') return 'unknown';
  if (status.status !== 'succeeded') return 'not_paid';
  if (status.currency !== found.currency) {
    log.error('rail.currency_mismatch', {
      rail: rail.name,
      provider_reference: providerReference,
      currency: status.currency,
    });
    return 'unknown';
  }
  await recordIncomingBankTransfer(db, {
    paymentReference: found.paymentReference,
    amount: status.amount,
    rail: rail.name,
    railReference: status.providerTransactionId,
  });
  return 'recorded';
}
