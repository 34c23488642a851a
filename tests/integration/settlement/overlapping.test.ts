import { describe, expect, it } from 'vitest';
import { admin, newMerchant, paidCheckout, expectReconciled, wallet, type Merchant } from '../../support/fixtures';
import { expectStatus, successBody } from '../../support/caller';
import { contract } from '../../support/contract';
import { DAY, sql, iso, run, depositRow } from './helpers';

describe('overlapping runs', () => {
  async function shopsWithDeposits(n: number) {
    const shops: Merchant[] = [];
    const checkouts: string[] = [];
    for (let i = 0; i < n; i++) {
      const shop = await newMerchant({ name: `Overlap ${i}` });
      shops.push(shop);
      for (const [amount, currency_code] of [
        [10 + i, 'GHS'],
        [20 + i, 'GHS'],
        [5 + i, 'USD'],
      ] as const) {
        checkouts.push((await paidCheckout(shop, { amount, currency_code })).checkout.id);
      }
    }
    return { shops, checkouts };
  }

  async function expectSettledExactlyOnce(shops: Merchant[], checkouts: string[]) {
    const ids = shops.map((s) => s.id);
    // Every deposit is settled, in exactly one batch, and each batch counts exactly its deposits.
    const deposits = await sql`
      select id, settlement_status, settlement_batch_id, net_amount from customer_transactions
       where merchant_id = any(${ids}::uuid[]) and transaction_type = 'deposit'`;
    expect(deposits.every((d) => d.settlement_status === 'settled' && d.settlement_batch_id)).toBe(true);
    const batches = await sql<
      {
        id: string;
        wallet_id: string;
        transaction_count: number;
        net_amount: string;
        settled_amount: string;
        members: number;
      }[]
    >`
      select b.id, b.wallet_id, b.transaction_count, b.net_amount, b.settled_amount,
             (select count(*)::int from customer_transactions t where t.settlement_batch_id = b.id) as members
        from settlement_batches b where b.merchant_id = any(${ids}::uuid[])`;
    for (const b of batches) expect(b.members, `batch ${b.id}`).toBe(b.transaction_count);
    expect(batches.reduce((s, b) => s + b.transaction_count, 0)).toBe(deposits.length);
    // Each wallet: the batches moved exactly what is now available, and holding is empty.
    const wallets = await sql`
      select w.id, w.holding_balance, w.available_balance,
             coalesce((select sum(settled_amount) from settlement_batches b where b.wallet_id = w.id), 0)::bigint as settled,
             (select count(*)::int from ledger_entries e join settlement_batches b on b.id = e.settlement_batch_id
               where b.wallet_id = w.id and e.kind = 'settlement') as settlement_entries,
             (select count(*)::int from settlement_batches b where b.wallet_id = w.id) as batch_count
        from wallets w where w.merchant_id = any(${ids}::uuid[])`;
    for (const w of wallets) {
      expect(String(w.settled), `wallet ${w.id}`).toBe(String(w.available_balance));
      expect(String(w.holding_balance)).toBe('0');
      expect(w.settlement_entries).toBe(w.batch_count);
    }
    // Each checkout completed once.
    const completions = await sql`
      select resource_id, count(*)::int as n from events
       where event_type = 'checkout.completed' and resource_id = any(${checkouts}::uuid[]) group by resource_id`;
    expect(completions).toHaveLength(checkouts.length);
    expect(completions.every((c) => c.n === 1)).toBe(true);
    const statuses = await sql`select distinct status from checkouts where id = any(${checkouts}::uuid[])`;
    expect(statuses.map((s) => s.status)).toEqual(['completed']);
  }

  it('two runs at once settle each transaction exactly once', async () => {
    const { shops, checkouts } = await shopsWithDeposits(4);
    const asOf = iso(2 * DAY);
    const [r1, r2] = await Promise.all([
      admin().call(contract.runSettlement, { body: { as_of: asOf, all_merchants: true } }),
      admin().call(contract.runSettlement, { body: { as_of: asOf, all_merchants: true } }),
    ]);
    expectStatus(r1, 200);
    expectStatus(r2, 200);
    const ids = new Set(shops.map((s) => s.id));
    const mine = [...r1.body.data.batches, ...r2.body.data.batches].filter((b) => ids.has(b.merchant_id));
    // One batch per merchant and currency between the two runs, none twice.
    expect(mine).toHaveLength(8);
    expect(new Set(mine.map((b) => b.wallet_id)).size).toBe(8);
    await expectSettledExactlyOnce(shops, checkouts);
    await expectReconciled();
  });

  it('three runs at once, with and without a merchant filter, still settle each transaction once', async () => {
    const { shops, checkouts } = await shopsWithDeposits(3);
    const asOf = iso(2 * DAY);
    const results = await Promise.all([
      admin().call(contract.runSettlement, { body: { as_of: asOf, all_merchants: true } }),
      admin().call(contract.runSettlement, { body: { as_of: asOf, merchant_id: shops[0]!.id } }),
      admin().call(contract.runSettlement, { body: { as_of: asOf, all_merchants: true } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const completed = results.map(successBody).reduce((s, body) => s + body.data.checkouts_completed, 0);
    expect(completed).toBe(checkouts.length);
    await expectSettledExactlyOnce(shops, checkouts);
    await expectReconciled();
  });
});

describe('settlement after a refund taken from holding', () => {
  it('moves only what is left of the due deposit, never a newer deposit’s money', async () => {
    const shop = await newMerchant();
    const older = await paidCheckout(shop, { amount: 100 }); // net 99.00 in holding
    const refund = await shop.call(contract.createRefund, {
      body: {
        transaction_id: older.deposit.transaction_id,
        amount: 40,
        reason: 'partial',
      },
    });
    expectStatus(refund, 200);
    expect(await wallet(shop)).toMatchObject({ holding_balance: 59, available_balance: 0 }); // nothing available: from holding
    const newer = await paidCheckout(shop, { amount: 100 }); // net 99.00, not yet due
    await sql`update customer_transactions set completed_at = now() - interval '2 days' where id = ${older.deposit.transaction_id}`;

    const res = await run({ merchant_id: shop.id });
    expect(res.batches).toHaveLength(1);
    expect((await depositRow(newer.deposit.transaction_id)).settlement_status).toBe('unsettled');
    // 59.00 is what remains of the older deposit; the newer deposit's 99.00 must stay in holding until it is due.
    expect(res.batches[0]).toMatchObject({ transaction_count: 1, net_amount: 99, settled_amount: 59 });
    expect(await wallet(shop)).toMatchObject({ available_balance: 59, holding_balance: 99 });
    await expectReconciled(shop.id);
  });
});
