import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { customerTransactions, ownerOf, type Tenant } from '../platform/db/schema';
import { type PayoutKind, type PayoutStatus } from '../platform/vocabulary';
import type { Db } from '../platform/db/client';
import { conflict, notFound } from '../platform/http/errors';
import { nonZero, postEntry } from '../books/ledger/post-entry';
import { recordEvent } from '../notifications/events/record-event';
import { queueSend } from '../rails';
import { moneyOutEvent, presentPayoutOf, statusFor, type PayoutRow } from './present';

/**
 * The life of a withdrawal or payout after initiation: the only table of its moves, applied by
 * `movePayout` (a conditional UPDATE on the current status, so a cancel racing the rail's pick-up has
 * exactly one winner, and a repeated rail report changes nothing). The money follows in the same
 * transaction:
 *   completed:          payouts_in_flight → rail_clearing (the rail paid it out)
 *   failed / cancelled: payouts_in_flight and fees → the wallet's available balance (all of it back)
 *   reversed:           rail_clearing and fees → the wallet's available balance (the rail sent a
 *                       completed payout back: the merchant gets back all that left the wallet)
 */
export const PAYOUT_TRANSITIONS = {
  pick_up: { from: 'pending', to: 'processing' },
  complete: { from: 'processing', to: 'completed' },
  fail: { from: 'processing', to: 'failed' },
  cancel: { from: 'pending', to: 'cancelled' },
  reverse: { from: 'completed', to: 'reversed' },
} as const satisfies Record<string, { from: PayoutStatus; to: PayoutStatus }>;

async function movePayout(
  db: Db,
  where: { id: string; tenantId?: string; kind?: PayoutKind },
  transition: keyof typeof PAYOUT_TRANSITIONS,
  set: PgUpdateSetSource<typeof customerTransactions> = {},
): Promise<PayoutRow | undefined> {
  const move = PAYOUT_TRANSITIONS[transition];
  const [row] = await db
    .update(customerTransactions)
    .set({ ...set, payoutStatus: move.to, updatedAt: sql`now()` })
    .where(
      and(
        eq(customerTransactions.id, where.id),
        eq(customerTransactions.payoutStatus, move.from),
        where.tenantId ? eq(customerTransactions.tenantId, where.tenantId) : undefined,
        where.kind ? eq(customerTransactions.payoutKind, where.kind) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The payout's event for the status it just reached. */
async function announce(db: Db, row: PayoutRow) {
  const step = row.payoutStatus;
  if (step === 'pending' || step === null) throw new Error(`No event for a payout ${step ?? 'without a status'}`);
  await recordEvent(db, moneyOutEvent(row, step));
}

/**
 * Gives the whole debit (amount and fee) back to the wallet's available balance: from
 * payouts_in_flight before the rail paid it, from the rail's clearing account after (a reversal).
 */
async function reverse(db: Db, row: PayoutRow, why: 'failed' | 'cancelled' | 'reversed') {
  const currency = row.currencyCode;
  const from =
    why === 'reversed'
      ? ({ account: 'rail_clearing', rail: row.provider ?? 'manual' } as const)
      : ({ account: 'payouts_in_flight' } as const);
  await postEntry(db, {
    ...ownerOf(row),
    kind: 'reversal',
    description: `${row.payoutKind === 'withdrawal' ? 'Withdrawal' : 'Payout'} ${why}: money returned`,
    customerTransactionId: row.id,
    lines: nonZero([
      { ...from, direction: 'debit', amount: row.netAmount, currency, purpose: 'reversal' },
      { account: 'merchant_available', direction: 'credit', amount: row.netAmount, currency, purpose: 'reversal' },
      { account: 'fees', direction: 'debit', amount: row.feeAmount, currency, purpose: 'reversal' },
      { account: 'merchant_available', direction: 'credit', amount: row.feeAmount, currency, purpose: 'reversal' },
    ]),
  });
}

/** The rail takes a PENDING payout: PROCESSING, and a job sends it once that commits. Nothing if it was cancelled first. */
export async function pickUpPayout(db: Db, transactionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await movePayout(tx, { id: transactionId }, 'pick_up', { processingAt: sql`now()` });
    if (!row) return false;
    await queueSend(tx, transactionId);
    await announce(tx, row);
    return true;
  });
}

/** The rail confirms the money reached the recipient. */
export async function completePayout(db: Db, transactionId: string, providerReference?: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await movePayout(tx, { id: transactionId }, 'complete', {
      ...(providerReference && { providerReference }),
      status: 'completed',
      completedAt: sql`now()`,
      settlementStatus: 'settled',
      settledAt: sql`now()`,
    });
    if (!row) return false;
    await postEntry(tx, {
      ...ownerOf(row),
      kind: row.payoutKind === 'withdrawal' ? 'withdrawal' : 'payout',
      description: `${row.payoutKind === 'withdrawal' ? 'Withdrawal' : 'Payout'} paid out by ${row.provider}`,
      customerTransactionId: row.id,
      lines: [
        {
          account: 'payouts_in_flight',
          direction: 'debit',
          amount: row.netAmount,
          currency: row.currencyCode,
          purpose: 'payout_sent',
        },
        {
          account: 'rail_clearing',
          direction: 'credit',
          amount: row.netAmount,
          currency: row.currencyCode,
          purpose: 'payout_sent',
          rail: row.provider ?? 'manual',
        },
      ],
    });
    await announce(tx, row);
    return true;
  });
}

/**
 * Locks the wallet a payout came from, before its row changes: every verb that moves a wallet's money
 * takes the wallet first (initiate does too), so a reversal and a new payout queue instead of
 * deadlocking on the row and the customer_transaction_counts row its status change bumps.
 */
async function lockWalletOf(tx: Db, transactionId: string, tenantId?: string) {
  await tx.execute(sql`
    select w.id from wallets w
     where w.id = (select wallet_id from customer_transactions
                    where id = ${transactionId} ${tenantId ? sql`and tenant_id = ${tenantId}` : sql``})
       for update`);
}

/** The rail reports the payout failed: FAILED, and the money goes back automatically. */
export async function failPayout(db: Db, transactionId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockWalletOf(tx, transactionId);
    const row = await movePayout(tx, { id: transactionId }, 'fail', {
      status: 'failed',
      failedAt: sql`now()`,
      failureReason: reason,
    });
    if (!row) return false;
    await reverse(tx, row, 'failed');
    await announce(tx, row);
    return true;
  });
}

/**
 * The rail sent a COMPLETED payout back (Paystack's `transfer.reversed`, confirmed by its status
 * query): REVERSED, and the whole debit, fee included, goes back to the wallet in the same
 * transaction. The fee too, as for FAILED: the recipient never kept the money, so nothing was paid
 * out for it. Anything but COMPLETED changes nothing (false); so does a second reversal.
 */
export async function reverseCompletedPayout(db: Db, transactionId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockWalletOf(tx, transactionId);
    const row = await movePayout(tx, { id: transactionId }, 'reverse', {
      status: 'failed',
      reversedAt: sql`now()`,
      failureReason: reason,
      settlementStatus: 'unsettled',
      settledAt: null,
    });
    if (!row) return false;
    await reverse(tx, row, 'reversed');
    await announce(tx, row);
    return true;
  });
}

/** The merchant cancels: only while PENDING (409 otherwise), with the money back in the same transaction. */
export async function cancelPayout<K extends PayoutKind>(
  db: Db,
  tenant: Tenant,
  kind: K,
  transactionId: string,
  reason: string,
) {
  return db.transaction(async (tx) => {
    await lockWalletOf(tx, transactionId, tenant.id);
    const row = await movePayout(tx, { id: transactionId, tenantId: tenant.id, kind }, 'cancel', {
      status: 'cancelled',
      cancelledAt: sql`now()`,
      cancellationReason: reason,
    });
    if (!row) {
      const [current] = await tx
        .select({ status: customerTransactions.payoutStatus })
        .from(customerTransactions)
        .where(
          and(
            eq(customerTransactions.id, transactionId),
            eq(customerTransactions.tenantId, tenant.id),
            eq(customerTransactions.payoutKind, kind),
          ),
        );
      if (!current) throw notFound(kind === 'withdrawal' ? 'Withdrawal' : 'Payout');
      throw conflict(
        `${kind}_not_cancellable`,
        `Only a ${statusFor(kind, 'pending')} ${kind} can be cancelled; this one is ${statusFor(kind, current.status!)}`,
      );
    }
    await reverse(tx, row, 'cancelled');
    await announce(tx, row);
    return presentPayoutOf(kind, row);
  });
}
