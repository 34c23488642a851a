import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { customerTransactionCounts, customerTransactions, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { offsetOf } from '../../platform/http/paging';
import { pagination } from '../../platform/http/envelope';
import type { ListTransactionsQuery } from './input';
import { presentTransaction, type CustomerTransactionRow } from './present';

/** One of this merchant's transactions, or 404 (also when it is another merchant's). */
export async function findTransaction(db: Db, tenant: Tenant, transactionId: string): Promise<CustomerTransactionRow> {
  const [row] = await db
    .select()
    .from(customerTransactions)
    .where(and(eq(customerTransactions.id, transactionId), eq(customerTransactions.tenantId, tenant.id)));
  if (!row) throw notFound('Transaction');
  return row;
}

export async function getTransaction(db: Db, tenant: Tenant, transactionId: string) {
  return presentTransaction(await findTransaction(db, tenant, transactionId));
}

/** Newest first; the id breaks ties, so pages never skip or repeat a row. Each filter has its index. */
export async function listTransactions(db: Db, tenant: Tenant, query: ListTransactionsQuery) {
  const filters: (SQL | undefined)[] = [
    eq(customerTransactions.tenantId, tenant.id),
    query.currency_code ? eq(customerTransactions.currencyCode, query.currency_code) : undefined,
    query.transaction_type ? eq(customerTransactions.transactionType, query.transaction_type) : undefined,
    query.status ? eq(customerTransactions.status, query.status) : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customerTransactions)
      .where(where)
      .orderBy(desc(customerTransactions.createdAt), desc(customerTransactions.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    // The exact total from the per-(currency, type, status) counters: a sum of at most 84 rows, where
    // count(*) would read every one of the merchant's transactions on every page.
    db
      .select({ n: sql<number>`coalesce(sum(${customerTransactionCounts.n}), 0)::int` })
      .from(customerTransactionCounts)
      .where(
        and(
          eq(customerTransactionCounts.tenantId, tenant.id),
          query.currency_code ? eq(customerTransactionCounts.currencyCode, query.currency_code) : undefined,
          query.transaction_type ? eq(customerTransactionCounts.transactionType, query.transaction_type) : undefined,
          query.status ? eq(customerTransactionCounts.status, query.status) : undefined,
        ),
      ),
  ]);
  return {
    data: rows.map((r) => presentTransaction(r, 'masked')),
    pagination: pagination(total?.n ?? 0, query.page, query.size),
  };
}
