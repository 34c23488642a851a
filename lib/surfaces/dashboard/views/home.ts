import { and, count, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import { awaitingApproval } from '../../../collections/approvals/approvals';
import type { Db } from '../../../platform/db/client';
import {
  checkouts,
  customerTransactions,
  paymentAttempts,
  webhookEndpoints,
  type Tenant,
} from '../../../platform/db/schema';
import type { CurrencyCode } from '../../../platform/money/currencies';
import { toMajorUnits } from '../../../platform/money/amount';

/**
 * What the dashboard's home shows of one tenant: money received per day (by currency), how many
 * payment attempts succeeded, the latest movements, and what needs the merchant's attention. Each
 * query filters by the tenant first and runs on its (tenant, created_at) index.
 */
export const HOME_DAYS = 14;

export interface DayVolume {
  day: string;
  currency: CurrencyCode;
  amount: number;
  payments: number;
}

export async function homeView(db: Db, tenant: Tenant) {
  const since = sql`now() - make_interval(days => ${HOME_DAYS})`;
  const [volume, [attempts], recent, [approvals], [failedPayouts], [failingWebhooks]] = await Promise.all([
    db
      .select({
        day: sql<string>`to_char(date_trunc('day', ${customerTransactions.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        currency: customerTransactions.currencyCode,
        minor: sql<string>`sum(${customerTransactions.amount})::text`,
        payments: count(),
      })
      .from(customerTransactions)
      .where(
        and(
          eq(customerTransactions.tenantId, tenant.id),
          eq(customerTransactions.transactionType, 'deposit'),
          gte(customerTransactions.createdAt, since),
        ),
      )
      .groupBy(sql`1`, customerTransactions.currencyCode)
      .orderBy(sql`1`),
    db
      .select({
        succeeded: sql<number>`count(*) filter (where ${paymentAttempts.status} = 'succeeded')::int`,
        finished: sql<number>`count(*) filter (where ${paymentAttempts.status} in ('succeeded', 'failed', 'timeout', 'abandoned'))::int`,
      })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.tenantId, tenant.id), gte(paymentAttempts.createdAt, since))),
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
