import { eq, getTableColumns, sql as drizzleSql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, type Db } from '../../lib/platform/db/client';
import { checkouts, ownerOf } from '../../lib/platform/db/schema';
import { insertBuiltOnce } from '../../lib/platform/db/prepared';
import { newPaymentReference } from '../../lib/checkout/reference';
import { newMerchant, tenantOf } from '../support/fixtures';
import { testSql } from '../support/database';

/**
 * insertBuiltOnce runs an insert whose SQL drizzle built once: what it writes and reads back must be
 * what drizzle's own insert writes and reads, on the pool and inside a transaction.
 */
const sql = testSql();

const insert = insertBuiltOnce(
  checkouts,
  (p) => ({
    merchantId: p('merchantId'),
    tenantId: p('tenantId'),
    paymentReference: p('paymentReference'),
    amount: p('amount'),
    currencyId: drizzleSql`(select id from currencies where code = ${p('currency')})`,
    currencyCode: p('currency'),
    customerEmail: p('customerEmail'),
    metaData: p('metaData'),
    expiresAt: drizzleSql`now() + make_interval(mins => ${p('minutes')})`,
  }),
  getTableColumns(checkouts),
);

async function values(metaData: Record<string, string> | null) {
  const m = await newMerchant();
  const tenant = await tenantOf(m.id, 'test');
  return {
    ...ownerOf(tenant),
    paymentReference: newPaymentReference(),
    amount: 123_456_789_012n,
    currency: 'GHS',
    customerEmail: 'ada@example.com',
    metaData,
    minutes: 30,
  };
}

describe('an insert built once', () => {
  it('reads back the row exactly as drizzle reads it', async () => {
    const given = await values({ order_id: '1001' });
    const [row] = await insert(getDb(), given);
    const [read] = await getDb().select().from(checkouts).where(eq(checkouts.id, row!.id));
    expect(row).toEqual(read);
    expect(row!.amount).toBe(123_456_789_012n);
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(30 * 60_000, -3);
    expect(row!.metaData).toEqual({ order_id: '1001' });
  });

  it('writes null as SQL NULL, not JSON null', async () => {
    const [row] = await insert(getDb(), await values(null));
    const [stored] = await sql<
      { is_null: boolean }[]
    >`select meta_data is null as is_null from checkouts where id = ${row!.id}`;
    expect(stored!.is_null).toBe(true);
    expect(row!.metaData).toBeNull();
  });

  it('runs in the transaction it is given, and goes with its rollback', async () => {
    const given = await values(null);
    const failed = await getDb()
      .transaction(async (tx: Db) => {
        await insert(tx, given);
        const [seen] = await tx.select().from(checkouts).where(eq(checkouts.paymentReference, given.paymentReference));
        expect(seen).toBeDefined();
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('roll back');
    const left = await sql`select 1 from checkouts where payment_reference = ${given.paymentReference}`;
    expect(left).toHaveLength(0);
  });

  it('refuses a missing value instead of writing a default', async () => {
    const { metaData: _, ...missing } = await values(null);
    await expect(insert(getDb(), missing as never)).rejects.toThrow('No value for placeholder "metaData"');
  });
});
