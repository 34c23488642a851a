import type { z } from 'zod';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { customerTransactions, settlementBatches, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { offsetOf } from '../../platform/http/paging';
import { pagination } from '../../platform/http/envelope';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import type { SettlementBatchDetail } from './contract';
import type { listSettlementsQuery } from './input';
import { presentBatch } from './present';

/** Newest batches first, each with its totals only (what the dashboard lists: a batch may hold thousands of deposits). */
export async function listSettlementSummaries(db: Db, tenant: Tenant, query: z.output<typeof listSettlementsQuery>) {
  const { rows, total } = await batchPage(db, tenant, query);
  return { data: rows.map(presentBatch), pagination: pagination(total, query.page, query.size) };
}

async function batchPage(db: Db, tenant: Tenant, query: z.output<typeof listSettlementsQuery>) {
  const where = and(
    eq(settlementBatches.tenantId, tenant.id),
    query.currency_code ? eq(settlementBatches.currencyCode, query.currency_code) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(settlementBatches)
      .where(where)
      .orderBy(desc(settlementBatches.createdAt), desc(settlementBatches.id))
      .limit(query.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(settlementBatches).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Newest batches first, each with its totals and the deposits it settled (compact form). */
export async function listSettlementBatches(db: Db, tenant: Tenant, query: z.output<typeof listSettlementsQuery>) {
  const { rows: batches, total } = await batchPage(db, tenant, query);
  const ids = batches.map((b) => b.id);
  const settled = ids.length
    ? await db
        .select()
        .from(customerTransactions)
        .where(and(eq(customerTransactions.tenantId, tenant.id), inArray(customerTransactions.settlementBatchId, ids)))
        .orderBy(asc(customerTransactions.completedAt), asc(customerTransactions.id))
    : [];
  const data = batches.map((batch): SettlementBatchDetail => ({
    ...presentBatch(batch),
    transactions: settled
      .filter((t) => t.settlementBatchId === batch.id)
      .map((t) => {
        const money = (minor: bigint) => toMajorUnits(minor, t.currencyCode);
        return {
          transaction_id: t.id,
          checkout_session_id: t.checkoutSessionId,
          amount: money(t.amount),
          fee_amount: money(t.feeAmount),
          net_amount: money(t.netAmount),
          completed_at: formatTimestamp(t.completedAt),
          is_duplicate: t.isDuplicate,
        };
      }),
  }));
  return { data, pagination: pagination(total, query.page, query.size) };
}
