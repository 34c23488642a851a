import { describe, expect, it } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, tenantOf } from '../support/fixtures';
import { testSql } from '../support/database';
import { contract } from '../support/contract';

/**
 * The wallet statement's `total` comes from per-(currency, purpose) counters kept by a trigger on
 * ledger_lines (drizzle/0027), not from a count: it must equal the count for every filter, whatever
 * was posted (deposits and their fees, settlements, refunds).
 */
const sql = testSql();

describe('the wallet statement total', () => {
  it('equals the count of wallet lines for every filter, after deposits, settlement and refunds', async () => {
    const m = await newMerchant();
    const tenant = await tenantOf(m.id, 'test');
    await paidCheckout(m, { amount: 30 });
    await paidCheckout(m, { amount: 12.5, currency_code: 'KES' });
    const { checkout } = await paidCheckout(m, { amount: 45 });
    await settleEverything(m.id);
    await m.ok(contract.createRefund, { body: { checkout_id: checkout.id, amount: 5, reason: 'One item back' } });

    const counted = async (currency?: string, purpose?: string) =>
      (
        await sql<{ n: number }[]>`select count(*)::int as n from ledger_lines
          where tenant_id = ${tenant.id} and wallet_id is not null
            and (${currency ?? null}::text is null or currency_code = ${currency ?? null})
            and (${purpose ?? null}::text is null or purpose = ${purpose ?? null})`
      )[0]!.n;
    const purposes = (
      await sql<
        { purpose: string }[]
      >`select distinct purpose from ledger_lines where tenant_id = ${tenant.id} and wallet_id is not null`
    ).map((r) => r.purpose);
    expect(purposes).toEqual(expect.arrayContaining(['deposit', 'refund']));

    for (const currency of [undefined, 'GHS', 'KES', 'NGN'] as const)
      for (const purpose of [undefined, ...purposes]) {
        const query = {
          size: 1,
          ...(currency && { currency_code: currency }),
          ...(purpose && { transaction_type: purpose }),
        } as never;
        const res = await m.ok(contract.listWalletTransactions, { query });
        expect(res.body.pagination.total, `${currency} ${purpose}`).toBe(await counted(currency, purpose));
      }
  });
});
