import { describe, expect, it } from 'vitest';
import { TIMESTAMP } from '../../support/shapes';
import { newMerchant, paidCheckout, wallet } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { DAY, ms, iso, run, transaction } from './helpers';

describe('GET /api/v1/merchants/wallet/settlements', () => {
  it('lists batches newest first with their totals and their transactions', async () => {
    const shop = await newMerchant();
    const first = await paidCheckout(shop, { amount: 100 });
    const second = await paidCheckout(shop, { amount: 25.5 });
    const usd = await paidCheckout(shop, { amount: 10, currency_code: 'USD' });
    await run({ as_of: iso(2 * DAY), merchant_id: shop.id });
    const third = await paidCheckout(shop, { amount: 50 });
    await run({ as_of: iso(2 * DAY), merchant_id: shop.id });

    const res = await shop.call(contract.listSettlementBatches);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.pagination).toEqual({ total: 3, page: 1, size: 20, total_pages: 1, has_more: false });
    const batches = res.body.data;
    expect(batches).toHaveLength(3);
    expect(batches.every((b) => b.merchant_id === shop.id)).toBe(true);
    // Newest first: the lone 50.00 batch.
    expect(batches[0]).toMatchObject({
      currency_code: 'GHS',
      transaction_count: 1,
      gross_amount: 50,
      fee_amount: 0.5,
      net_amount: 49.5,
    });
    expect(batches[0]!.settled_amount).toBe(49.5);
    expect(batches[0]!.transactions.map((t) => t.transaction_id)).toEqual([third.deposit.transaction_id]);
    for (let i = 1; i < batches.length; i++)
      expect(ms(batches[i - 1]!.created_at)).toBeGreaterThanOrEqual(ms(batches[i]!.created_at));

    const ghs = batches.find((b) => b.currency_code === 'GHS' && b.transaction_count === 2)!;
    expect(ghs).toMatchObject({ gross_amount: 125.5, fee_amount: 1.26, net_amount: 124.24, settled_amount: 124.24 });
    expect(ghs.transactions).toHaveLength(2);
    const members = ghs.transactions.map((t) => t.transaction_id).sort();
    expect(members).toEqual([first.deposit.transaction_id, second.deposit.transaction_id].sort());
    expect(ghs.transactions.find((t) => t.transaction_id === second.deposit.transaction_id)).toMatchObject({
      checkout_session_id: second.checkout.id,
      amount: 25.5,
      fee_amount: 0.26,
      net_amount: 25.24,
    });
    // Totals are the sums of their transactions.
    for (const b of batches) {
      const sum = (k: 'amount' | 'fee_amount' | 'net_amount') =>
        Math.round(b.transactions.reduce((s, t) => s + t[k] * 100, 0)) / 100;

      expect(b.transactions).toHaveLength(b.transaction_count);
      expect([sum('amount'), sum('fee_amount'), sum('net_amount')]).toEqual([
        b.gross_amount,
        b.fee_amount,
        b.net_amount,
      ]);
      for (const t of b.transactions)
        expect((await transaction(shop, t.transaction_id)).settlement_batch_id).toBe(b.id);
    }
    const usdBatch = batches.find((b) => b.currency_code === 'USD')!;
    expect(usdBatch.transactions.map((t) => t.transaction_id)).toEqual([usd.deposit.transaction_id]);

    // Filter and paging.
    const onlyUsd = await shop.ok(contract.listSettlementBatches, { query: { currency_code: 'usd' } });
    expect(onlyUsd.body.data.map((b) => b.id)).toEqual([usdBatch.id]);
    const page2 = await shop.ok(contract.listSettlementBatches, { query: { size: 1, page: 2 } });
    expect(page2.body.pagination).toEqual({ total: 3, page: 2, size: 1, total_pages: 3, has_more: true });
    expect(page2.body.data.map((b) => b.id)).toEqual([batches[1]!.id]);
    for (const query of ['currency_code=XYZ', 'size=101', 'page=0', 'foo=1']) {
      const bad = await shop.send(contract.listSettlementBatches, { query });
      expectStatus(bad, 422, query);
      expectErrorShape(bad.body, 'validation_error');
    }
    // A merchant without settlements has none.
    const fresh = await newMerchant();
    expect((await fresh.ok(contract.listSettlementBatches)).body.data).toEqual([]);
    expect((await caller().call(contract.listSettlementBatches)).status).toBe(401);
  });
});

describe('GET /api/v1/merchants/wallet/transactions', () => {
  it('shows deposit, fee and settlement lines with signed amounts and the balance after each', async () => {
    const shop = await newMerchant();
    const { deposit } = await paidCheckout(shop, { amount: 25.5 });
    const settled = await run({ as_of: iso(2 * DAY), merchant_id: shop.id });
    const batchId = settled.batches[0]!.id;
    const ghsWallet = await wallet(shop);

    const res = await shop.call(contract.listWalletTransactions);
    expectStatus(res, 200);
    expect(res.body.pagination).toEqual({ total: 4, page: 1, size: 50, total_pages: 1, has_more: false });
    const lines = res.body.data;
    expect(lines.map((l) => [l.transaction_type, l.balance_type, l.amount, l.balance_after])).toEqual([
      ['settlement', 'available', 25.24, 25.24],
      ['settlement', 'holding', -25.24, 0],
      ['fee', 'holding', -0.26, 25.24],
      ['deposit', 'holding', 25.5, 25.5],
    ]);
    for (const l of lines) {
      expect(l).toMatchObject({ merchant_id: shop.id, wallet_id: ghsWallet.id, currency_code: 'GHS' });
      expect(l.direction).toBe(l.amount > 0 ? 'credit' : 'debit');
      expect(l.created_at).toMatch(TIMESTAMP);
      expect(typeof l.description).toBe('string');
    }
    expect(lines[0]!.settlement_batch_id).toBe(batchId);
    expect(lines[1]!.settlement_batch_id).toBe(batchId);
    expect(lines[2]!.customer_transaction_id).toBe(deposit.transaction_id);
    expect(lines[3]!.customer_transaction_id).toBe(deposit.transaction_id);
    // The latest balance_after of each bucket is the wallet's balance.
    expect(ghsWallet).toMatchObject({ available_balance: 25.24, holding_balance: 0 });
  });

  it('filters by transaction_type and currency_code (any case), pages, and refuses bad filters', async () => {
    const shop = await newMerchant();
    await paidCheckout(shop, { amount: 100 });
    await paidCheckout(shop, { amount: 10, currency_code: 'USD' });
    await run({ as_of: iso(2 * DAY), merchant_id: shop.id });

    const get = async (query: string) => {
      const res = await shop.send(contract.listWalletTransactions, { query });
      expectStatus(res, 200, `${query}: ${res.text}`);
      return res.body;
    };
    expect((await get('')).pagination.total).toBe(8);
    const settlements = await get('transaction_type=settlement');
    expect(settlements.data).toHaveLength(4);
    expect(settlements.data.every((l) => l.transaction_type === 'settlement')).toBe(true);
    const fees = await get('transaction_type=FEE');
    expect(fees.data.map((l) => [l.currency_code, l.amount])).toEqual([
      ['USD', -0.1],
      ['GHS', -1],
    ]);
    const usd = await get('currency_code=usd');
    expect(usd.data).toHaveLength(4);
    expect(usd.data.every((l) => l.currency_code === 'USD')).toBe(true);
    const both = await get('currency_code=GHS&transaction_type=deposit');
    expect(both.data.map((l) => [l.currency_code, l.amount, l.balance_after])).toEqual([['GHS', 100, 100]]);
    expect((await get('transaction_type=refund')).data).toEqual([]);

    const p1 = await get('size=3&page=1');
    const p2 = await get('size=3&page=2');
    const p3 = await get('size=3&page=3');
    expect(p1.pagination).toEqual({ total: 8, page: 1, size: 3, total_pages: 3, has_more: true });
    expect(p3.pagination.has_more).toBe(false);
    const walked = [...p1.data, ...p2.data, ...p3.data].map((l) => l.id);
    expect(walked).toEqual((await get('size=100')).data.map((l) => l.id));
    expect(new Set(walked).size).toBe(8);

    for (const query of ['transaction_type=bonus', 'currency_code=XYZ', 'size=101', 'page=0', 'status=completed']) {
      const bad = await shop.send(contract.listWalletTransactions, { query });
      expectStatus(bad, 422, query);
      expectErrorShape(bad.body, 'validation_error');
    }
    expect((await caller().call(contract.listWalletTransactions)).status).toBe(401);
  });
});
