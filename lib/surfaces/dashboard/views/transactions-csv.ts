import { and, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../platform/db/client';
import { checkouts, customerTransactions, type Tenant } from '../../../platform/db/schema';
import { listTransactionsQuery } from '../../../books/customer-transactions/input';
import { rangeBoundInput } from '../../../platform/http/timestamp-input';
import { CURRENCY_EXPONENT, oneUnit } from '../../../platform/money/currencies';
import { divideToText } from '../../../platform/money/decimal';

/**
 * A tenant's transactions as CSV, streamed: rows are read 1,000 at a time by keyset (created_at, id)
 * on the (tenant, created_at) index, so a range of a million rows costs the same per row as ten and
 * never sits in memory. Amounts are exact decimal text from the integer minor units. A payment's row
 * carries its checkout's payment reference and the merchant's order id (`meta_data.order_id`), so the
 * file can be matched against the shop's own orders.
 */
export const exportQuery = listTransactionsQuery
  .omit({ page: true, size: true })
  .extend({ from: rangeBoundInput('start').optional(), to: rangeBoundInput('end').optional() });
export type ExportQuery = z.output<typeof exportQuery>;

const BATCH = 1000;
const COLUMNS = [
  'id',
  'created_at',
  'type',
  'status',
  'currency',
  'amount',
  'fee',
  'net',
  'refunded',
  'checkout_id',
  'payment_reference',
  'order_id',
  'customer_email',
  'payment_method',
  'recipient_name',
  'provider_reference',
  'settlement_status',
] as const;

/** A cell as RFC 4180 wants it, and never a formula a spreadsheet would run (=, +, -, @ at the start). */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type Row = typeof customerTransactions.$inferSelect & {
  paymentReference: string | null;
  orderId: string | null;
};
const decimal = (minor: bigint | null, row: Row) =>
  minor === null ? '' : divideToText(minor, oneUnit(row.currencyCode), CURRENCY_EXPONENT[row.currencyCode]);

function line(row: Row): string {
  return [
    row.id,
    row.createdAt.toISOString(),
    row.transactionType,
    row.status,
    row.currencyCode,
    decimal(row.amount, row),
    decimal(row.feeAmount, row),
    decimal(row.netAmount, row),
    decimal(row.refundedAmount, row),
    row.checkoutSessionId,
    row.paymentReference,
    row.orderId,
    row.customerEmail,
    row.paymentMethod,
    row.recipientName,
    row.providerReference,
    row.settlementStatus,
  ]
    .map(csvCell)
    .join(',');
}

export async function* transactionsCsv(db: Db, tenant: Tenant, query: ExportQuery): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  const filters: (SQL | undefined)[] = [
    eq(customerTransactions.tenantId, tenant.id),
    query.currency_code ? eq(customerTransactions.currencyCode, query.currency_code) : undefined,
    query.transaction_type ? eq(customerTransactions.transactionType, query.transaction_type) : undefined,
    query.status ? eq(customerTransactions.status, query.status) : undefined,
    query.from ? gte(customerTransactions.createdAt, query.from) : undefined,
    query.to ? lte(customerTransactions.createdAt, query.to) : undefined,
  ];
  let afterId: string | null = null;
  for (;;) {
    const rows: Row[] = await db
      .select({
        ...getTableColumns(customerTransactions),
        paymentReference: checkouts.paymentReference,
        orderId: sql<string | null>`${checkouts.metaData} ->> 'order_id'`,
      })
      .from(customerTransactions)
      // The checkout of the same tenant (the foreign key says so too): one row at most per transaction.
      .leftJoin(
        checkouts,
        and(
          eq(checkouts.id, customerTransactions.checkoutSessionId),
          eq(checkouts.tenantId, customerTransactions.tenantId),
        ),
      )
      .where(
        and(
          ...filters,
          // The last row's own created_at (PostgreSQL's microseconds; a JS Date would round them away).
          afterId
            ? sql`(${customerTransactions.createdAt}, ${customerTransactions.id}) < (select c.created_at, c.id from customer_transactions c where c.id = ${afterId})`
            : undefined,
        ),
      )
      .orderBy(desc(customerTransactions.createdAt), desc(customerTransactions.id))
      .limit(BATCH);
    if (rows.length) yield rows.map((r) => `${line(r)}\r\n`).join('');
    if (rows.length < BATCH) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
