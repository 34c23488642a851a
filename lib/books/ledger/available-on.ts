import { and, eq, gt, sql } from 'drizzle-orm';
import { customerTransactions } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';

/** Money in holding that becomes available together: by `on` (a UTC day), `amount` in minor units. */
export interface Settling {
  on: Date;
  amount: bigint;
}

/**
 * When the money in a wallet's holding balance becomes available: each completed, unsettled deposit
 * (its net, less what was refunded out of holding) is settled by the first run after its completion
 * plus SETTLEMENT_DELAY_MINUTES (the worker runs settlement every 10 minutes). Grouped by that UTC
 * day, earliest first; `on` is the day's latest such moment, so "by" that moment it is all there.
 * A settlement hold stops this; the caller says so instead (the wallet knows it).
 *
 * Only the deposits not yet due are read, one by one (through the index the settlement run uses: the
 * last SETTLEMENT_DELAY_MINUTES of them); whatever else holding has is due now, at the next run. A
 * merchant with 100,000 deposits waiting (a settlement hold just lifted) reads a few rows, not all
 * of them (bench:dashboard, the wallets page).
 */
export async function settlingOf(
  db: Db,
  wallet: { id: string; holding: bigint },
  now: Date = new Date(),
): Promise<Settling[]> {
  const dueFrom = new Date(now.getTime() - config().SETTLEMENT_DELAY_MINUTES * 60_000);
  const delay = `${config().SETTLEMENT_DELAY_MINUTES} minutes`;
  const due = sql<Date>`(${customerTransactions.completedAt} + ${delay}::interval)`;
  const rows = await db
    .select({
      on: sql<string>`max(${due})`,
      amount: sql<string>`sum(${customerTransactions.netAmount} - ${customerTransactions.refundedFromHolding})`,
    })
    .from(customerTransactions)
    .where(
      and(
        eq(customerTransactions.walletId, wallet.id),
        eq(customerTransactions.transactionType, 'deposit'),
        eq(customerTransactions.status, 'completed'),
        eq(customerTransactions.settlementStatus, 'unsettled'),
        gt(customerTransactions.completedAt, dueFrom),
      ),
    )
    .groupBy(sql`date_trunc('day', ${due} at time zone 'UTC')`)
    .orderBy(sql`1`);
  const later = rows.map((r) => ({ on: new Date(r.on), amount: BigInt(r.amount) })).filter((r) => r.amount > 0n);
  const dueNow = wallet.holding - later.reduce((total, r) => total + r.amount, 0n);
  if (dueNow <= 0n) return later;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  // Due now and due later today are one day's money.
  if (later[0] && day(later[0].on) === day(now))
    return [{ on: later[0].on, amount: later[0].amount + dueNow }, ...later.slice(1)];
  return [{ on: now, amount: dueNow }, ...later];
}

/** "2026-11-29" or "2026-11-29 to 2026-12-02": when what is in holding becomes available, for a refusal's words. */
export function settlingDays(settling: Settling[]): string | null {
  if (settling.length === 0) return null;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const first = day(settling[0]!.on);
  const last = day(settling.at(-1)!.on);
  return first === last ? first : `${first} to ${last}`;
}
