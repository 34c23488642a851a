import { and, eq, sql } from 'drizzle-orm';
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
 */
export async function settlingOf(db: Db, walletId: string): Promise<Settling[]> {
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
        eq(customerTransactions.walletId, walletId),
        eq(customerTransactions.transactionType, 'deposit'),
        eq(customerTransactions.status, 'completed'),
        eq(customerTransactions.settlementStatus, 'unsettled'),
      ),
    )
    .groupBy(sql`date_trunc('day', ${due} at time zone 'UTC')`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ on: new Date(r.on), amount: BigInt(r.amount) })).filter((r) => r.amount > 0n);
}

/** "2026-11-29" or "2026-11-29 to 2026-12-02": when what is in holding becomes available, for a refusal's words. */
export function settlingDays(settling: Settling[]): string | null {
  if (settling.length === 0) return null;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const first = day(settling[0]!.on);
  const last = day(settling.at(-1)!.on);
  return first === last ? first : `${first} to ${last}`;
}
