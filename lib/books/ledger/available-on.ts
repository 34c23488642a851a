import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { customerTransactions } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';

/**
 * Money in holding that becomes available together: by `on` (within one UTC day: its last due moment,
 * or the day's end when the day's deposits were not read one by one), `amount` in minor units.
 */
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
 * Holding is the sum of those deposits, so this never adds them all up. It reads, through the index
 * the settlement run uses, when the first and last deposits not yet due completed; their due days
 * cut the time since into at most a few spans (one more per UTC midnight the delay crosses), and
 * only the spans but the longest are summed, with what is overdue (at most one settlement run's
 * worth, as a rule); the longest span gets the rest of holding. A merchant whose 100,000 deposits
 * all fall due on one day costs two index reads (bench:dashboard, the wallets page).
 */
export async function settlingOf(
  db: Db,
  wallet: { id: string; holding: bigint },
  now: Date = new Date(),
): Promise<Settling[]> {
  if (wallet.holding <= 0n) return [];
  const delayMs = config().SETTLEMENT_DELAY_MINUTES * 60_000;
  const dueFrom = new Date(now.getTime() - delayMs);
  const unsettled = and(
    eq(customerTransactions.walletId, wallet.id),
    eq(customerTransactions.transactionType, 'deposit'),
    eq(customerTransactions.status, 'completed'),
    eq(customerTransactions.settlementStatus, 'unsettled'),
  );
  const [range] = await db
    .select({
      first: sql<string | null>`min(${customerTransactions.completedAt})`,
      last: sql<string | null>`max(${customerTransactions.completedAt})`,
    })
    .from(customerTransactions)
    .where(and(unsettled, gt(customerTransactions.completedAt, dueFrom)));
  const sumBetween = async (after: Date | null, upTo: Date) => {
    const [row] = await db
      .select({
        amount: sql<
          string | null
        >`sum(${customerTransactions.netAmount} - ${customerTransactions.refundedFromHolding})`,
      })
      .from(customerTransactions)
      .where(
        and(
          unsettled,
          after ? gt(customerTransactions.completedAt, after) : undefined,
          lte(customerTransactions.completedAt, upTo),
        ),
      );
    return BigInt(row?.amount ?? '0');
  };
  // Spans of completion time that fall due together: overdue (due now), then one per due day.
  const spans: { from: Date | null; to: Date; on: Date; amount: bigint | null }[] = [];
  spans.push({ from: null, to: dueFrom, on: now, amount: null });
  if (range?.first && range.last) {
    const first = new Date(range.first);
    const last = new Date(range.last);
    let from = dueFrom;
    for (let due = startOfUtcDay(new Date(first.getTime() + delayMs)); ; due = nextUtcDay(due)) {
      // Deposits completed before this moment fall due before the next midnight.
      const to = new Date(Math.min(nextUtcDay(due).getTime() - delayMs, last.getTime()));
      // `on`: the span's last due moment, within its day (a span cut at midnight ends just before it).
      const on = new Date(Math.min(to.getTime() + delayMs, nextUtcDay(due).getTime() - 1));
      if (to > from) spans.push({ from, to, on, amount: null });
      if (to.getTime() >= last.getTime()) break;
      from = to;
    }
  }
  // The span that is not summed: the longest of those not yet due, or what is overdue when none is.
  const length = (s: (typeof spans)[number]) => s.to.getTime() - (s.from?.getTime() ?? 0);
  const longest = spans.slice(1).reduce((best, s) => (length(s) > length(best) ? s : best), spans.at(-1)!);
  let summed = 0n;
  for (const span of spans) {
    if (span === longest) continue;
    span.amount = await sumBetween(span.from, span.to);
    summed += span.amount;
  }
  longest.amount = wallet.holding - summed;
  // Due now and due later today are one day's money.
  const days = new Map<string, Settling>();
  for (const span of spans) {
    if (!span.amount || span.amount <= 0n) continue;
    const key = span.on.toISOString().slice(0, 10);
    const seen = days.get(key);
    days.set(
      key,
      seen
        ? { on: span.on > seen.on ? span.on : seen.on, amount: seen.amount + span.amount }
        : { on: span.on, amount: span.amount },
    );
  }
  return [...days.values()].sort((a, b) => a.on.getTime() - b.on.getTime());
}

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const nextUtcDay = (d: Date) => new Date(startOfUtcDay(d).getTime() + 86_400_000);

/** "2026-11-29" or "2026-11-29 to 2026-12-02": when what is in holding becomes available, for a refusal's words. */
export function settlingDays(settling: Settling[]): string | null {
  if (settling.length === 0) return null;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const first = day(settling[0]!.on);
  const last = day(settling.at(-1)!.on);
  return first === last ? first : `${first} to ${last}`;
}
