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
 * so a merchant with 100,000 payments this fortnight opens it as fast as a new one.
 */
export const HOME_DAYS = 14;

export interface DayVolume {
  day: string;
  currency: CurrencyCode;
  amount: number;
  payments: number;
}

export async function homeView(db: Db, tenant: Tenant) {
  // The first of the HOME_DAYS days, UTC: the stats are kept per UTC day.
  const since = sql`(now() at time zone 'UTC')::date - ${HOME_DAYS - 1}::int`;
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
  return {
    volume: volume.map((v): DayVolume => ({
      day: v.day,
      currency: v.currency,
      amount: toMajorUnits(BigInt(v.minor), v.currency),
      payments: v.payments,
    })),
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
