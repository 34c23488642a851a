import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { customerTransactions, paymentAttempts, tenants } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import type { UnresolvedOnRails } from './contract';

/**
 * What the live rails have not settled for `olderThanMinutes`: mobile-money attempts whose provider
 * has given no final answer (the status checks go on for a day, then stop and log), and payouts
 * still PROCESSING. Oldest first, at most 200 of each: an operator's to look at with the provider.
 */
const LIMIT = 200;

export async function listUnresolvedOnRails(db: Db, olderThanMinutes: number): Promise<UnresolvedOnRails> {
  const before = sql`now() - make_interval(mins => ${olderThanMinutes})`;
  const providerStatus = sql<string | null>`${paymentAttempts.providerMetadata} ->> 'provider_status'`;
  const attempts = await db
    .select({
      attempt: paymentAttempts,
      providerStatus,
      checkedAt: sql<string | null>`${paymentAttempts.providerMetadata} ->> 'provider_checked_at'`,
    })
    .from(paymentAttempts)
    .innerJoin(tenants, eq(tenants.id, paymentAttempts.tenantId))
    .where(
      and(
        eq(tenants.mode, 'live'),
        eq(paymentAttempts.method, 'mobile_money'),
        inArray(paymentAttempts.status, ['processing', 'timeout', 'abandoned']),
        or(isNull(providerStatus), inArray(providerStatus, ['pending', 'unknown', 'not_found'])),
        lte(paymentAttempts.createdAt, before),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(LIMIT);
  const payouts = await db
    .select()
    .from(customerTransactions)
    .where(and(eq(customerTransactions.payoutStatus, 'processing'), lte(customerTransactions.processingAt, before)))
    .orderBy(asc(customerTransactions.processingAt))
    .limit(LIMIT);
  return {
    attempts: attempts.map(({ attempt: a, providerStatus: last, checkedAt }) => ({
      attempt_id: a.id,
      checkout_id: a.checkoutId,
      merchant_id: a.merchantId,
      provider: a.provider,
      provider_reference: a.providerReference,
      status: a.status,
      amount: toMajorUnits(a.amount, a.currencyCode),
      currency_code: a.currencyCode,
      last_provider_status: last,
      last_checked_at: checkedAt ? formatTimestamp(new Date(checkedAt)) : null,
      created_at: formatTimestamp(a.createdAt),
    })),
    payouts: payouts.map((p) => ({
      transaction_id: p.id,
      merchant_id: p.merchantId,
      kind: p.payoutKind!,
      provider: p.provider,
      provider_reference: p.providerReference,
      amount: toMajorUnits(p.netAmount, p.currencyCode),
      currency_code: p.currencyCode,
      processing_since: formatTimestamp(p.processingAt),
    })),
  };
}
