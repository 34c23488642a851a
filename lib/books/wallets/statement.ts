import type { z } from 'zod';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerLines, walletStatementCounts, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { offsetOf } from '../../platform/http/paging';
import { pagination } from '../../platform/http/envelope';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import type { WALLET_TRANSACTION_TYPES, walletTransactionsQuery } from './input';
import type { WalletTransaction } from './contract';

type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/**
 * The wallet statement: every ledger line that moved one of this merchant's wallets, newest first, with
 * the balance (holding or available) right after it. A settlement shows as two lines: out of holding,
 * into available.
 */
export async function listWalletTransactions(db: Db, tenant: Tenant, query: z.output<typeof walletTransactionsQuery>) {
  const where = and(
    eq(ledgerLines.tenantId, tenant.id),
    isNotNull(ledgerLines.walletId),
    query.currency_code ? eq(ledgerLines.currencyCode, query.currency_code) : undefined,
    query.transaction_type ? eq(ledgerLines.purpose, query.transaction_type) : undefined,
  );
  // The page's lines on their own (ledger_lines_tenant_statement_idx, in order), then their entries by
  // id. Joined in one statement, a plan made once for every merchant (PostgreSQL's generic plan, which
  // guesses a LIMIT parameter at a tenth of the rows) joined a large merchant's every line to its entry.
  const [lines, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerLines)
      .where(where)
      .orderBy(desc(ledgerLines.sequence))
      .limit(query.size)
      .offset(offsetOf(query)),
    // The exact total from the per-(currency, purpose) counters (drizzle/0027): a sum of a few rows,
    // where count(*) would read every wallet line of the merchant on every page.
    db
      .select({ n: sql<number>`coalesce(sum(${walletStatementCounts.n}), 0)::int` })
      .from(walletStatementCounts)
      .where(
        and(
          eq(walletStatementCounts.tenantId, tenant.id),
          query.currency_code ? eq(walletStatementCounts.currencyCode, query.currency_code) : undefined,
          query.transaction_type ? eq(walletStatementCounts.purpose, query.transaction_type) : undefined,
        ),
      ),
  ]);
  const entryIds = [...new Set(lines.map((line) => line.entryId))];
  const entries = entryIds.length
    ? await db.select().from(ledgerEntries).where(inArray(ledgerEntries.id, entryIds))
    : [];
  const entryById = new Map(entries.map((entry) => [entry.id, entry]));
  const rows = lines.map((line) => ({ line, entry: entryById.get(line.entryId)! }));
  const data = rows.map(({ line, entry }): WalletTransaction => {
    const currency = line.currencyCode;
    const signed = line.direction === 'credit' ? line.amount : -line.amount;
    return {
      id: line.id,
      wallet_id: line.walletId!, // statement lines are the wallet lines (filtered above)
      merchant_id: line.merchantId,
      currency_code: currency,
      transaction_type: line.purpose as WalletTransactionType,
      balance_type: line.account === 'merchant_holding' ? 'holding' : 'available',
      direction: line.direction,
      /** Signed: positive adds to the balance, negative takes from it. */
      amount: toMajorUnits(signed, currency),
      balance_after: line.balanceAfter === null ? null : toMajorUnits(line.balanceAfter, currency),
      description: entry.description,
      entry_id: entry.id,
      customer_transaction_id: entry.customerTransactionId,
      settlement_batch_id: entry.settlementBatchId,
      conversion_id: entry.conversionId,
      created_at: formatTimestamp(line.createdAt),
    };
  });
  return { data, pagination: pagination(total?.n ?? 0, query.page, query.size) };
}
