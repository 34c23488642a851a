import { and, count, desc, eq, gt, gte, isNotNull, or, sql } from 'drizzle-orm';
import { awaitingApproval } from '../../../collections/approvals/approvals';
import type { Db } from '../../../platform/db/client';
import {
  checkouts,
  customerTransactions,
  tenantDailyStats,
  webhookEndpoints,
  type Tenant,
} from '../../../platform/db/schema';
import type { CurrencyCode } from '../../../platform/money/currencies';
import { toMajorUnits } from '../../../platform/money/amount';

/**
 * What the dashboard's home shows of one tenant: money received per day (by currency), how many
 * payment attempts succeeded, the latest movements, and what needs the merchant's attention. The
 * daily figures come from tenant_daily_stats (kept by triggers), the rest from small indexed reads,
 * so a merchant with 100,000 payments this fortnight opens it as fast as a new one. The period is
 * the page's choice (`?days=`: 7, 30 or 90).
 */
export const HOME_PERIODS = [7, 30, 90] as const;
export type HomePeriod = (typeof HOME_PERIODS)[number];
export const DEFAULT_HOME_PERIOD: HomePeriod = 30;

/** The address's `days`, if it is one of the periods offered; else the default. */
export function periodOf(param: string | string[] | undefined): HomePeriod {
  const given = Number(Array.isArray(param) ? param[0] : param);
  return HOME_PERIODS.find((p) => p === given) ?? DEFAULT_HOME_PERIOD;
}

/** The last `period` days (UTC, as the stats are kept), oldest first, as YYYY-MM-DD. */
export function lastDays(period: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: period }, (_, i) =>
    new Date(today - (period - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** One currency's money received, every day of the period (zero where nothing came). */
export interface CurrencySeries {
  currency: CurrencyCode;
  days: { day: string; amount: number; payments: number }[];
  total: number;
  payments: number;
}

/**
 * One series per currency (amounts in different currencies are never added or stacked), the
 * currency with the most payments first.
 */
export function seriesOf(volume: DayVolume[], days: string[]): CurrencySeries[] {
  const currencies = [...new Set(volume.map((v) => v.currency))];
  return currencies
    .map((currency) => {
      const mine = volume.filter((v) => v.currency === currency);
      const filled = days.map((day) => {
        const found = mine.find((v) => v.day === day);
        return { day, amount: found?.amount ?? 0, minor: found?.minor ?? 0n, payments: found?.payments ?? 0 };
      });
      // Added in minor units, exactly; shown in major units.
      const total = toMajorUnits(
        filled.reduce((sum, d) => sum + d.minor, 0n),
        currency,
      );
      const series = filled.map(({ day, amount, payments }) => ({ day, amount, payments }));
      return { currency, days: series, total, payments: filled.reduce((sum, d) => sum + d.payments, 0) };
    })
    .sort((a, b) => b.payments - a.payments || a.currency.localeCompare(b.currency));
}

export interface DayVolume {
  day: string;
  currency: CurrencyCode;
  amount: number;
  /** The same amount in minor units: sums are made of these, never of `amount`. */
  minor: bigint;
  payments: number;
}

export async function homeView(db: Db, tenant: Tenant, period: HomePeriod = DEFAULT_HOME_PERIOD) {
  // The first of the period's days, UTC: the stats are kept per UTC day.
  const since = sql`(now() at time zone 'UTC')::date - ${period - 1}::int`;
  const [volume, [attempts], recent, [approvals], [failedPayouts], [failingWebhooks]] = await Promise.all([
    db
      .select({
        day: tenantDailyStats.day,
        currency: sql<CurrencyCode>`${tenantDailyStats.key}`,
        minor: sql<string>`${tenantDailyStats.amount}::text`,
        payments: tenantDailyStats.n,
      })
      .from(tenantDailyStats)
      .where(
        and(
          eq(tenantDailyStats.tenantId, tenant.id),
          gte(tenantDailyStats.day, since),
          eq(tenantDailyStats.kind, 'deposit'),
          gt(tenantDailyStats.n, 0),
        ),
      )
      .orderBy(tenantDailyStats.day, tenantDailyStats.key),
    db
      .select({
        succeeded: sql<number>`coalesce(sum(${tenantDailyStats.n}) filter (where ${tenantDailyStats.key} = 'succeeded'), 0)::int`,
        finished: sql<number>`coalesce(sum(${tenantDailyStats.n}) filter (where ${tenantDailyStats.key} in ('succeeded', 'failed', 'timeout', 'abandoned')), 0)::int`,
      })
      .from(tenantDailyStats)
      .where(
        and(
          eq(tenantDailyStats.tenantId, tenant.id),
          gte(tenantDailyStats.day, since),
          eq(tenantDailyStats.kind, 'attempt'),
        ),
      ),
    db
      .select({
        id: customerTransactions.id,
        type: customerTransactions.transactionType,
        status: customerTransactions.status,
        currency: customerTransactions.currencyCode,
        minor: customerTransactions.amount,
        createdAt: customerTransactions.createdAt,
      })
      .from(customerTransactions)
      .where(eq(customerTransactions.tenantId, tenant.id))
      .orderBy(desc(customerTransactions.createdAt), desc(customerTransactions.id))
      .limit(8),
    db
      .select({ n: count() })
      .from(checkouts)
      .where(and(eq(checkouts.tenantId, tenant.id), awaitingApproval)),
    db
      .select({ n: count() })
      .from(customerTransactions)
      .where(
        and(
          eq(customerTransactions.tenantId, tenant.id),
          eq(customerTransactions.transactionType, 'payout'),
          eq(customerTransactions.payoutStatus, 'failed'),
          gte(customerTransactions.createdAt, sql`now() - interval '7 days'`),
        ),
      ),
    db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.tenantId, tenant.id),
          or(isNotNull(webhookEndpoints.failingSince), isNotNull(webhookEndpoints.disabledAt)),
        ),
      ),
  ]);
  const days = lastDays(period);
  const perDay = volume.map((v): DayVolume => ({
    day: v.day,
    currency: v.currency,
    amount: toMajorUnits(BigInt(v.minor), v.currency),
    minor: BigInt(v.minor),
    payments: v.payments,
  }));
  return {
    period,
    days,
    volume: perDay,
    series: seriesOf(perDay, days),
    successRate: attempts && attempts.finished > 0 ? attempts.succeeded / attempts.finished : null,
    attemptsFinished: attempts?.finished ?? 0,
    recent: recent.map((r) => ({ ...r, amount: toMajorUnits(r.minor, r.currency), minor: undefined })),
    attention: {
      awaitingApproval: approvals?.n ?? 0,
      failedPayouts: failedPayouts?.n ?? 0,
      failingWebhooks: failingWebhooks?.n ?? 0,
    },
  };
}
export type HomeView = Awaited<ReturnType<typeof homeView>>;
