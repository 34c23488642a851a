import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { moveAttempts } from './attempt-lifecycle';
import { checkouts, collections, merchants, paymentAttempts, tenants, ownerOf } from '../platform/db/schema';
import { type PaymentMethod } from '../platform/vocabulary';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { recordEvent } from '../notifications/events/record-event';
import { toMajorUnits } from '../platform/money/amount';
import { effectiveStatus, presentCheckoutFull, type CheckoutRow } from '../checkout/present';
import { transitionCheckout } from '../checkout/state-machine';
import { formatTimestamp } from '../platform/time';
import { creditCheckoutDeposit, creditDuplicateDeposit } from '../books/deposits';
import type { PaymentFailure } from '../rails/providers/types';

/**
 * What happens when a rail reports an outcome. These are the verbs a real provider's callback would
 * call; the sandbox calls them from worker jobs and /api/sandbox/**. Each runs in one transaction with
 * the checkout row locked, and each is safe to call twice for the same report.
 */

/** Why a prompt failed: the sandbox's two answers, or a provider's (lib/rails/providers/types.ts). */
export type MobileMoneyFailure = 'declined' | 'insufficient_funds' | PaymentFailure;

const FAILURES = {
  declined: 'The payment was declined on the phone',
  insufficient_funds: 'The mobile money wallet has insufficient funds',
} as const;

async function lockCheckout(db: Db, where: ReturnType<typeof eq>): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(where).for('update');
  return row;
}

const UNPAYABLE = ['paid', 'completed', 'expired', 'cancelled'];

/** How money that arrived was recorded (`already_recorded`: the same rail reference came before). */
export type IncomingTransferKind = 'payment' | 'underpayment' | 'duplicate' | 'already_recorded';

/**
 * Records money received. For a checkout that can no longer take it (paid, completed, expired,
 * cancelled) it is a `duplicate`: kept, and announced as `checkout.duplicate_payment` for a refund.
 */
async function recordCollection(
  db: Db,
  row: CheckoutRow,
  collection: { attemptId: string | null; rail: string; railReference: string; method: PaymentMethod; amount: bigint },
): Promise<IncomingTransferKind> {
  const duplicate = UNPAYABLE.includes(effectiveStatus(row));
  // Transfers add up: a customer who sent too little and then the difference has paid in full.
  const before = duplicate ? 0n : await amountCounted(db, row.id);
  const total = before + collection.amount;
  const kind = duplicate ? 'duplicate' : total < row.amount ? 'underpayment' : 'payment';
  const currency = row.currencyCode;
  const [inserted] = await db
    .insert(collections)
    .values({
      ...ownerOf(row),
      checkoutId: row.id,
      attemptId: collection.attemptId,
      rail: collection.rail,
      railReference: collection.railReference,
      method: collection.method,
      amount: collection.amount,
      currencyCode: row.currencyCode,
      kind,
      details: !duplicate && total > row.amount ? { overpaid_by: toMajorUnits(total - row.amount, currency) } : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) return 'already_recorded';
  if (kind === 'duplicate') {
    await creditDuplicateDeposit(db, row, inserted);
    await recordEvent(db, {
      ...ownerOf(row),
      eventType: 'checkout.duplicate_payment',
      resourceType: 'checkout',
      resourceId: row.id,
      data: {
        ...presentCheckoutFull(row),
        duplicate_payment: {
          collection_id: inserted.id,
          amount: toMajorUnits(inserted.amount, currency),
          currency_code: currency,
          payment_method: inserted.method,
          provider: inserted.rail,
          provider_reference: inserted.railReference,
          received_at: formatTimestamp(inserted.receivedAt),
        },
      },
    });
  }
  return kind;
}

/** Minor units already counted towards a checkout (every collection but duplicates). */
async function amountCounted(db: Db, checkoutId: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${collections.amount}), 0)::text` })
    .from(collections)
    .where(and(eq(collections.checkoutId, checkoutId), inArray(collections.kind, ['payment', 'underpayment'])));
  return BigInt(row?.total ?? '0');
}

/** Moves a payable checkout to `paid` (through `processing` if needed), approved by the provider. */
async function markPaidByProvider(db: Db, row: CheckoutRow, paymentMethod: string): Promise<void> {
  if (row.status !== 'processing' && row.status !== 'timeout') {
    await transitionCheckout(db, { checkoutId: row.id, tenantId: row.tenantId, transition: 'start_payment' });
  }
  const paid = await transitionCheckout(db, {
    checkoutId: row.id,
    tenantId: row.tenantId,
    transition: 'confirm_payment',
    set: { paidAt: sql`now()`, approvalStatus: 'approved', approvedAt: sql`now()`, paymentMethod },
  });
  await creditCheckoutDeposit(db, paid);
}

export async function recordMobileMoneyResult(
  db: Db,
  attemptId: string,
  outcome: 'success' | MobileMoneyFailure,
  /** From a real provider: its transaction id (the collection's rail reference) or its failure's words. */
  details: { railReference?: string; message?: string } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
    if (!attempt) return;
    const row = await lockCheckout(tx, eq(checkouts.id, attempt.checkoutId));
    if (!row) return;
    if (outcome === 'success') {
      // A success after our own timeout, or for a prompt the customer replaced, still counts: the money moved.
      const [approved] = await moveAttempts(tx, 'prompt_approved', { attemptId: attempt.id });
      if (!approved) return;
      const kind = await recordCollection(tx, row, {
        attemptId: attempt.id,
        rail: attempt.provider,
        railReference: details.railReference ?? attempt.providerReference ?? attempt.id,
        method: 'mobile_money',
        amount: attempt.amount,
      });
      if (kind === 'payment') {
        await markPaidByProvider(tx, row, 'mobile_money');
        // The prompt that replaced this one is now moot.
        await moveAttempts(tx, 'prompt_replaced', { checkoutId: row.id }, { failure: { code: 'replaced' } });
      }
      return;
    }
    const [declined] = await moveAttempts(
      tx,
      'prompt_declined',
      { attemptId: attempt.id },
      { failure: { code: outcome, message: details.message ?? FAILURES[outcome as keyof typeof FAILURES] } },
    );
    if (!declined) return;
    if (row.status === 'processing') {
      await transitionCheckout(tx, { checkoutId: row.id, tenantId: row.tenantId, transition: 'decline_payment' });
    }
  });
}

/** The attempt window passed with no answer from the rail: attempt and checkout move to `timeout`. */
export async function timeOutAttempt(db: Db, attemptId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [attempt] = await moveAttempts(
      tx,
      'prompt_unanswered',
      { attemptId },
      {
        failure: { code: 'no_answer', message: 'No answer from the phone in time' },
        also: sql`${paymentAttempts.respondBy} <= now()`,
      },
    );
    if (!attempt) return false;
    const row = await lockCheckout(tx, eq(checkouts.id, attempt.checkoutId));
    if (row?.status === 'processing') {
      await transitionCheckout(tx, { checkoutId: row.id, tenantId: row.tenantId, transition: 'time_out_payment' });
    }
    return true;
  });
}

/**
 * Money arrived by bank transfer quoting `paymentReference`. Exact or over → paid at once for a
 * verified merchant, and always in test mode (the sandbox bank confirmed it: a merchant trying the
 * service never needs an operator); otherwise (an unverified merchant in live mode, or a short
 * amount, until the rest arrives) the checkout waits in `processing` for an operator. Returns what
 * the money was recorded as.
 */
export async function recordIncomingBankTransfer(
  db: Db,
  transfer: { paymentReference: string; amount: bigint; rail: string; railReference: string },
) {
  return db.transaction(async (tx) => {
    const row = await lockCheckout(tx, eq(checkouts.paymentReference, transfer.paymentReference));
    if (!row) throw notFound('Checkout with that payment reference');
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.checkoutId, row.id), eq(paymentAttempts.method, 'bank_transfer')))
      .orderBy(desc(paymentAttempts.createdAt))
      .limit(1);
    const kind = await recordCollection(tx, row, {
      attemptId: attempt?.id ?? null,
      rail: transfer.rail,
      railReference: transfer.railReference,
      method: 'bank_transfer',
      amount: transfer.amount,
    });
    if (kind === 'duplicate' || kind === 'already_recorded') return { kind, checkout_id: row.id };

    const [merchant] = await tx
      .select({ kybStatus: merchants.kybStatus, mode: tenants.mode })
      .from(merchants)
      .innerJoin(tenants, eq(tenants.id, row.tenantId))
      .where(eq(merchants.id, row.merchantId));
    const live = attempt && ['awaiting_transfer', 'claimed'].includes(attempt.status) ? attempt : undefined;
    const confirmed = merchant?.kybStatus === 'verified' || merchant?.mode === 'test';
    if (kind === 'payment' && confirmed) {
      if (live) await moveAttempts(tx, 'transfer_arrived', { attemptId: live.id });
      await markPaidByProvider(tx, row, 'bank_transfer');
      return { kind, checkout_id: row.id };
    }
    // Wait for an operator: the checkout is `processing` with approval pending.
    if (live?.status === 'awaiting_transfer') await moveAttempts(tx, 'transfer_claimed', { attemptId: live.id });
    if (row.status !== 'processing') {
      await transitionCheckout(tx, {
        checkoutId: row.id,
        tenantId: row.tenantId,
        transition: 'start_payment',
        eventType: 'checkout.payment_received',
        set: { paymentMethod: 'bank_transfer' },
      });
    }
    return { kind, checkout_id: row.id };
  });
}

/** Jobs: time out every attempt past its window (safety net behind the per-attempt jobs). */
export async function timeOutDueAttempts(db: Db): Promise<number> {
  const due = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.status, ['processing']), sql`${paymentAttempts.respondBy} <= now()`))
    .limit(500);
  let n = 0;
  for (const { id } of due) if (await timeOutAttempt(db, id)) n++;
  return n;
}
