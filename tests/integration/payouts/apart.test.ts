import { describe, expect, it } from 'vitest';
import { expectReconciled, wallet } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import {
  bankPayout,
  mobilePayout,
  bankWithdrawal,
  fundedMerchant,
  initiate,
  getPayout,
  events,
  payoutRows,
  pickUp,
  railAnswers,
} from './helpers';

describe('payouts and withdrawals are kept apart', () => {
  it('each history lists only its own kind; GET and cancel across kinds → 404; both are customer transactions', async () => {
    const m = await fundedMerchant();
    const payout = await initiate(m, bankPayout(10));
    const withdrawalRes = await m.call(contract.createWithdrawal, { body: bankWithdrawal(10) });
    expectStatus(withdrawalRes, 200);
    const withdrawal = withdrawalRes.body.data;

    const payouts = await m.ok(contract.listPayouts);
    expect(payouts.body.message).toBe('Payouts retrieved');
    expect(payouts.body.data.map((p) => p.transaction_id)).toEqual([payout.transaction_id]);
    expect(payouts.body.pagination).toEqual({ total: 1, page: 1, size: 50, total_pages: 1, has_more: false });
    const withdrawals = await m.ok(contract.listWithdrawals);
    expect(withdrawals.body.data.map((w) => w.transaction_id)).toEqual([withdrawal.transaction_id]);
    expect(withdrawals.body.pagination.total).toBe(1);

    for (const res of [
      await m.call(contract.getWithdrawal, { params: { transaction_id: payout.transaction_id } }),
      await m.call(contract.getPayout, { params: { transaction_id: withdrawal.transaction_id } }),
      await m.call(contract.cancelWithdrawal, {
        params: { transaction_id: payout.transaction_id },
        body: { reason: 'x' },
      }),
      await m.call(contract.cancelPayout, {
        params: { transaction_id: withdrawal.transaction_id },
        body: { reason: 'x' },
      }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    expect((await getPayout(m, payout.transaction_id)).status).toBe('pending');
    expect(await wallet(m)).toMatchObject({ available_balance: 79 });

    const txs = await m.ok(contract.listCustomerTransactions, { query: { transaction_type: 'payout' } });
    expect(txs.body.data.map((t) => t.transaction_id)).toEqual([withdrawal.transaction_id, payout.transaction_id]);
    expect(txs.body.data.map((t) => t.payout_reason)).toEqual([null, 'supplier invoice 118']);
  });

  it('history: newest first, status filter in lowercase and uppercase, currency filter, pagination, size ≤ 100', async () => {
    const m = await fundedMerchant();
    const completed = await initiate(m, bankPayout(5));
    await pickUp();
    await railAnswers();
    const cancelled = await initiate(m, mobilePayout(6));
    expect(
      (
        await m.call(contract.cancelPayout, {
          params: { transaction_id: cancelled.transaction_id },
          body: { reason: 'dup' },
        })
      ).status,
    ).toBe(200);
    const pending = await initiate(m, bankPayout(7, { bank_account_number: '7788990011' }));

    const all = await m.ok(contract.listPayouts);
    expect(all.body.data.map((p) => [p.transaction_id, p.status])).toEqual([
      [pending.transaction_id, 'pending'],
      [cancelled.transaction_id, 'cancelled'],
      [completed.transaction_id, 'completed'],
    ]);
    expect(all.body.data[0]!.bank_account_number).toBe('******0011');
    for (const [status, expected] of [
      ['pending', pending],
      ['PENDING', pending],
      ['completed', completed],
      ['COMPLETED', completed],
      ['Cancelled', cancelled],
    ] as const) {
      const res = await m.call(contract.listPayouts, { query: { status } });
      expectStatus(res, 200);
      expect(
        res.body.data.map((p) => p.transaction_id),
        status,
      ).toEqual([expected.transaction_id]);
      expect(res.body.pagination).toEqual({ total: 1, page: 1, size: 50, total_pages: 1, has_more: false });
    }
    expect((await m.ok(contract.listPayouts, { query: { status: 'processing' } })).body.data).toEqual([]);
    expect((await m.ok(contract.listPayouts, { query: { currency_code: 'ghs' } })).body.pagination.total).toBe(3);
    expect((await m.ok(contract.listPayouts, { query: { currency_code: 'KES' } })).body).toMatchObject({
      data: [],
      pagination: { total: 0, total_pages: 0, has_more: false },
    });
    const page2 = await m.ok(contract.listPayouts, { query: { page: 2, size: 2 } });
    expect(page2.body.data.map((p) => p.transaction_id)).toEqual([completed.transaction_id]);
    expect(page2.body.pagination).toEqual({ total: 3, page: 2, size: 2, total_pages: 2, has_more: false });
    expect((await m.call(contract.listPayouts, { query: { size: 100 } })).status).toBe(200);
    expect(invalidFields(await m.send(contract.listPayouts, { query: { size: 101 } }))).toEqual(['size']);
    expect(invalidFields(await m.send(contract.listPayouts, { query: { page: 0 } }))).toEqual(['page']);
    expect(invalidFields(await m.send(contract.listPayouts, { query: { status: 'paid' } }))).toEqual(['status']);
    expect(invalidFields(await m.send(contract.listPayouts, { query: 'kind=payout' }))).toEqual(['kind']);
  });
});

describe('Idempotency-Key on payouts', () => {
  it('replays the first payout and charges once; the same key on withdrawals or with another body → 422', async () => {
    const m = await fundedMerchant();
    const key = { 'idempotency-key': 'payout-inv-118' };
    const first = await m.call(contract.createPayout, { body: bankPayout(20), headers: key });
    expectStatus(first, 200);
    const retry = await m.call(contract.createPayout, { body: bankPayout(20), headers: key });
    expectStatus(retry, 200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(first.body.data.idempotency_key).toBe('payout-inv-118');
    expect(await wallet(m)).toMatchObject({ available_balance: 79 });
    expect(await payoutRows(m.id)).toHaveLength(1);

    const other = await m.call(contract.createPayout, {
      body: bankPayout(20, {}, { payout_reason: 'another invoice' }),
      headers: key,
    });
    expectStatus(other, 422);
    expectErrorShape(other.body, 'idempotency_key_reused');
    const asWithdrawal = await m.call(contract.createWithdrawal, { body: bankWithdrawal(20), headers: key });
    expectStatus(asWithdrawal, 422);
    expectErrorShape(asWithdrawal.body, 'idempotency_key_reused');
    expect(await wallet(m)).toMatchObject({ available_balance: 79 });
    expect(await payoutRows(m.id)).toHaveLength(1);
    expect((await events(first.body.data.transaction_id)).map((e) => e.event_type)).toEqual(['payout.created']);

    // Keys belong to one merchant: another merchant's same key is a new payout of its own.
    const b = await fundedMerchant({ name: 'Shop B' });
    const replayedForA = await m.call(contract.createPayout, { body: bankPayout(20), headers: key });
    expect(replayedForA.body).toEqual(first.body);
    const bOwn = await b.call(contract.createPayout, { body: bankPayout(20), headers: key });
    expectStatus(bOwn, 200);
    expect(bOwn.headers.get('idempotent-replayed')).toBeNull();
    expect(bOwn.body.data.transaction_id).not.toBe(first.body.data.transaction_id);
    expect(bOwn.body.data.merchant_id).toBe(b.id);
    expect(await wallet(b)).toMatchObject({ available_balance: 79 });
    await expectReconciled(m.id);
    await expectReconciled(b.id);
  });
});

describe('tenant isolation', () => {
  it("B's payout history never contains A's; B cannot read or cancel A's payouts", async () => {
    const a = await fundedMerchant({ name: 'Shop A' });
    const b = await fundedMerchant({ name: 'Shop B' });
    const aPayout = await initiate(a, mobilePayout(10));
    const bPayout = await initiate(b, bankPayout(10));

    const bList = await b.ok(contract.listPayouts);
    expect(bList.body.data.map((p) => p.transaction_id)).toEqual([bPayout.transaction_id]);
    expect(bList.body.pagination.total).toBe(1);
    for (const status of ['pending', 'PENDING']) {
      const filtered = await b.ok(contract.listPayouts, { query: { status, currency_code: 'GHS' } });
      expect(filtered.body.data.map((p) => p.transaction_id)).toEqual([bPayout.transaction_id]);
    }
    const aList = await a.ok(contract.listPayouts);
    expect(aList.body.data.map((p) => p.transaction_id)).toEqual([aPayout.transaction_id]);

    for (const res of [
      await b.call(contract.getPayout, { params: { transaction_id: aPayout.transaction_id } }),
      await b.call(contract.cancelPayout, {
        params: { transaction_id: aPayout.transaction_id },
        body: { reason: 'not mine' },
      }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    expect((await getPayout(a, aPayout.transaction_id)).status).toBe('pending');
    expect(await wallet(a)).toMatchObject({ available_balance: 89.95 });
    expect(await wallet(b)).toMatchObject({ available_balance: 89 });
    expect((await events(aPayout.transaction_id)).map((e) => e.event_type)).toEqual(['payout.created']);
  });
});
