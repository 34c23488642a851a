import { and, count, desc, eq } from 'drizzle-orm';
import { customerTransactions, type Tenant } from '../platform/db/schema';
import { type PayoutKind } from '../platform/vocabulary';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { offsetOf } from '../platform/http/paging';
import { pagination } from '../platform/http/envelope';
import type { PayoutHistoryQuery } from './input';
import { presentPayoutOf } from './present';

export async function getPayout<K extends PayoutKind>(db: Db, tenant: Tenant, kind: K, transactionId: string) {
  const [row] = await db
    .select()
    .from(customerTransactions)
    .where(
      and(
        eq(customerTransactions.id, transactionId),
        eq(customerTransactions.tenantId, tenant.id),
        eq(customerTransactions.payoutKind, kind),
      ),
    );
  if (!row) throw notFound(kind === 'withdrawal' ? 'Withdrawal' : 'Payout');
  return presentPayoutOf(kind, row);
}

/** Newest first, id as tie-breaker; spec 2.6 pagination. */
export async function listPayouts<K extends PayoutKind>(db: Db, tenant: Tenant, kind: K, query: PayoutHistoryQuery) {
  const where = and(
    eq(customerTransactions.tenantId, tenant.id),
    eq(customerTransactions.payoutKind, kind),
    query.currency_code ? eq(customerTransactions.currencyCode, query.currency_code) : undefined,
    query.status ? eq(customerTransactions.payoutStatus, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customerTransactions)
      .where(where)
      .orderBy(desc(customerTransactions.createdAt), desc(customerTransactions.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(customerTransactions).where(where),
  ]);
  return {
    data: rows.map((r) => presentPayoutOf(kind, r, 'masked')),
    pagination: pagination(total?.n ?? 0, query.page, query.size),
  };
}
