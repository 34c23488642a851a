import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { checkouts, customerTransactions, settlementBatches, wallets, ownerOf } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { log } from '../../platform/log';
import { postEntry } from '../ledger/post-entry';
import { recordEvent } from '../../notifications/events/record-event';
import { transitionCheckoutsInBulk } from '../../checkout/state-machine';
import { presentBatch } from './present';

/** At most this many deposits per batch, so one transaction stays short; a run makes as many as needed. */
export const SETTLEMENT_BATCH_LIMIT = 10_000;

const unsettledDeposit = and(
  eq(customerTransactions.transactionType, 'deposit'),
  eq(customerTransactions.status, 'completed'),
  eq(customerTransactions.settlementStatus, 'unsettled'),
);

/**
 * A settlement run: every wallet without a settlement hold gets its deposits completed at or before
 * `asOf - SETTLEMENT_DELAY_MINUTES` moved from holding to available, one batch per wallet (more for
 * very large wallets); then the checkouts of settled deposits move from `paid` to `completed`.
 * Safe to run twice at once: each batch locks its wallet and only takes deposits still unsettled.
 */
export async function runSettlement(db: Db, options: { asOf?: Date; merchantId?: string } = {}) {
  const cutoff = new Date((options.asOf ?? new Date()).getTime() - config().SETTLEMENT_DELAY_MINUTES * 60_000);
  const due = await db
    .selectDistinct({ walletId: customerTransactions.walletId })
    .from(customerTransactions)
    .innerJoin(wallets, eq(wallets.id, customerTransactions.walletId))
    .where(
      and(
        unsettledDeposit,
        lte(customerTransactions.completedAt, cutoff),
        eq(wallets.settlementHold, false),
        options.merchantId ? eq(customerTransactions.merchantId, options.merchantId) : undefined,
      ),
    );
  const batches = [];
  for (const { walletId } of due) {
    for (;;) {
      const batch = await settleWallet(db, walletId, cutoff);
      if (!batch) break;
      batches.push(batch);
      if (batch.transaction_count < SETTLEMENT_BATCH_LIMIT) break;
    }
  }
  const completed = await completeSettledCheckouts(db, options.merchantId);
  if (batches.length)
    log.info('settlement run', {
      batches: batches.length,
      checkouts_completed: completed,
      cutoff: cutoff.toISOString(),
    });
  return { cutoff, batches, checkouts_completed: completed };
}

/** One batch for one wallet, in one transaction; null when there is nothing (left) to settle. */
async function settleWallet(db: Db, walletId: string, cutoff: Date) {
  return db.transaction(async (tx) => {
    const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
    if (!wallet || wallet.settlementHold) return null;
    const deposits = await tx
      .select({
        id: customerTransactions.id,
        amount: customerTransactions.amount,
        fee: customerTransactions.feeAmount,
        net: customerTransactions.netAmount,
        refundedFromHolding: customerTransactions.refundedFromHolding,
        currency: customerTransactions.currencyCode,
      })
      .from(customerTransactions)
      .where(
        and(
          eq(customerTransactions.walletId, walletId),
          unsettledDeposit,
          lte(customerTransactions.completedAt, cutoff),
        ),
      )
      .orderBy(asc(customerTransactions.completedAt))
      .limit(SETTLEMENT_BATCH_LIMIT);
    if (deposits.length === 0) return null;

    const currency = deposits[0]!.currency;
    const sum = (pick: (d: (typeof deposits)[number]) => bigint) => deposits.reduce((total, d) => total + pick(d), 0n);
    const net = sum((d) => d.net);
    // Refunds may already have taken part of these deposits out of holding: move only what is left of
    // each of them (never the money of deposits not due yet), and never more than holding has.
    const left = sum((d) => (d.net > d.refundedFromHolding ? d.net - d.refundedFromHolding : 0n));
    const settled = left < wallet.holdingBalance ? left : wallet.holdingBalance;
    const [batch] = await tx
      .insert(settlementBatches)
      .values({
        ...ownerOf(wallet),
        walletId,
        currencyCode: currency,
        transactionCount: deposits.length,
        grossAmount: sum((d) => d.amount),
        feeAmount: sum((d) => d.fee),
        netAmount: net,
        settledAmount: settled,
        cutoffAt: cutoff,
      })
      .returning();
    await tx
      .update(customerTransactions)
      .set({ settlementStatus: 'settled', settledAt: sql`now()`, settlementBatchId: batch!.id, updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            customerTransactions.id,
            deposits.map((d) => d.id),
          ),
          eq(customerTransactions.settlementStatus, 'unsettled'),
        ),
      );
    if (settled > 0n) {
      await postEntry(tx, {
        ...ownerOf(wallet),
        kind: 'settlement',
        description: `Settlement of ${deposits.length} deposit${deposits.length === 1 ? '' : 's'}`,
        settlementBatchId: batch!.id,
        stamp: 'lastSettlementAt',
        lines: [
          { account: 'merchant_holding', direction: 'debit', amount: settled, currency, purpose: 'settlement' },
          { account: 'merchant_available', direction: 'credit', amount: settled, currency, purpose: 'settlement' },
        ],
      });
    } else {
      await tx
        .update(wallets)
        .set({ lastSettlementAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(wallets.id, walletId));
    }
    const summary = presentBatch(batch!);
    await recordEvent(tx, {
      ...ownerOf(wallet),
      eventType: 'settlement.completed',
      resourceType: 'settlement_batch',
      resourceId: batch!.id,
      data: summary,
    });
    return summary;
  });
}

/**
 * Checkouts whose payment has settled move `paid` → `completed` (`checkout.completed`). A query, not a
 * list handed over from the batch: a crash between the two steps is repaired by the next run.
 */
async function completeSettledCheckouts(db: Db, merchantId?: string): Promise<number> {
  let completed = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const ready = await tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .innerJoin(
          customerTransactions,
          and(
            eq(customerTransactions.checkoutSessionId, checkouts.id),
            eq(customerTransactions.transactionType, 'deposit'),
            eq(customerTransactions.isDuplicate, false),
            eq(customerTransactions.settlementStatus, 'settled'),
          ),
        )
        .where(and(eq(checkouts.status, 'paid'), merchantId ? eq(checkouts.merchantId, merchantId) : undefined))
        .limit(SETTLEMENT_BATCH_LIMIT)
        .for('update', { of: checkouts, skipLocked: true });
      const rows = await transitionCheckoutsInBulk(tx, {
        checkoutIds: ready.map((r) => r.id),
        transition: 'settle',
        set: { completedAt: sql`now()` },
      });
      return rows.length;
    });
    completed += n;
    if (n < SETTLEMENT_BATCH_LIMIT) return completed;
  }
}
