import { describe, expect, it } from 'vitest';
import { newMerchant, expectReconciled, wallet } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import {
  PAYOUT_FIELDS,
  bankWithdrawal,
  mobileWithdrawal,
  fundedMerchant,
  initiate,
  getWithdrawal,
  events,
  transactionRows,
  pickUp,
  railAnswers,
} from './helpers';

describe('GET /api/v1/merchants/withdrawals (history)', () => {
  it('newest first, spec 2.6 pagination, filters by currency_code and status in any case, masks bank numbers', async () => {
    const m = await fundedMerchant(['GHS', 'KES']);
    // One of each status: completed, failed, processing, cancelled, pending (in creation order).
    const completed = await initiate(m, bankWithdrawal(10));
    const failed = await initiate(m, mobileWithdrawal(11, { mobile_number: '0244129999' }));
    await pickUp();
    await railAnswers();
    const processing = await initiate(
      m,
      bankWithdrawal(12, { bank_account_number: '5555666677' }, { currency_code: 'KES' }),
    );
    await pickUp();
    const cancelled = await initiate(m, bankWithdrawal(13));
    expect(
      (
        await m.call(contract.cancelWithdrawal, {
          params: { transaction_id: cancelled.transaction_id },
          body: { reason: 'typo' },
        })
      ).status,
    ).toBe(200);
    const pending = await initiate(
      m,
      mobileWithdrawal(
        14,
        {},
        {
          currency_code: 'KES',
          recipient_details: { recipient_name: 'Me', mobile_number: '0712345678', network_provider: 'mpesa' },
        },
      ),
    );
    const newestFirst = [pending, cancelled, processing, failed, completed].map((w) => w.transaction_id);

    const res = await m.call(contract.listWithdrawals);
    expectStatus(res, 200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'pagination', 'status']);
    expect(res.body.message).toBe('Withdrawals retrieved');
    expect(res.body.pagination).toEqual({ total: 5, page: 1, size: 50, total_pages: 1, has_more: false });
    expect(res.body.data.map((w) => w.transaction_id)).toEqual(newestFirst);
    expect(res.body.data.map((w) => w.status)).toEqual(['PENDING', 'CANCELLED', 'PROCESSING', 'FAILED', 'COMPLETED']);
    for (const w of res.body.data) expect(Object.keys(w)).toEqual(PAYOUT_FIELDS);
    // Bank numbers are masked in history, full in GET one.
    const byId = new Map(res.body.data.map((w) => [w.transaction_id, w]));
    expect(byId.get(completed.transaction_id)!.bank_account_number).toBe('******6789');
    expect(byId.get(processing.transaction_id)!.bank_account_number).toBe('******6677');
    expect(res.text).not.toContain('0123456789');
    expect((await getWithdrawal(m, completed.transaction_id)).bank_account_number).toBe('0123456789');
    expect(byId.get(failed.transaction_id)!.mobile_number).toBe('+233244129999');

    // Pages.
    const page = async (query: string) => {
      const r = await m.send(contract.listWithdrawals, { query });
      expectStatus(r, 200);
      return r.body;
    };
    const p1 = await page('size=2');
    expect(p1.pagination).toEqual({ total: 5, page: 1, size: 2, total_pages: 3, has_more: true });
    expect(p1.data.map((w) => w.transaction_id)).toEqual(newestFirst.slice(0, 2));
    const p2 = await page('size=2&page=2');
    expect(p2.pagination).toEqual({ total: 5, page: 2, size: 2, total_pages: 3, has_more: true });
    expect(p2.data.map((w) => w.transaction_id)).toEqual(newestFirst.slice(2, 4));
    const p3 = await page('page=3&size=2');
    expect(p3.pagination).toEqual({ total: 5, page: 3, size: 2, total_pages: 3, has_more: false });
    expect(p3.data.map((w) => w.transaction_id)).toEqual(newestFirst.slice(4));
    const beyond = await page('page=4&size=2');
    expect(beyond).toMatchObject({
      data: [],
      pagination: { total: 5, page: 4, size: 2, total_pages: 3, has_more: false },
    });
    expect((await page('size=100')).pagination).toMatchObject({ size: 100, total: 5 });

    // Filters.
    const kes = await page('currency_code=kes');
    expect(kes.data.map((w) => w.transaction_id)).toEqual([pending.transaction_id, processing.transaction_id]);
    expect(kes.pagination).toMatchObject({ total: 2 });
    for (const [status, expected] of [
      ['PENDING', [pending]],
      ['pending', [pending]],
      ['Processing', [processing]],
      ['COMPLETED', [completed]],
      ['failed', [failed]],
      ['CANCELLED', [cancelled]],
    ] as const) {
      const filtered = await page(`status=${status}`);
      expect(
        filtered.data.map((w) => w.transaction_id),
        status,
      ).toEqual(expected.map((w) => w.transaction_id));
      expect(filtered.pagination.total).toBe(expected.length);
    }
    const combined = await page('currency_code=GHS&status=completed&size=1');
    expect(combined.data.map((w) => w.transaction_id)).toEqual([completed.transaction_id]);
    expect(combined.pagination).toEqual({ total: 1, page: 1, size: 1, total_pages: 1, has_more: false });

    // Bad queries.
    for (const [query, field] of [
      ['size=101', 'size'],
      ['size=0', 'size'],
      ['size=ten', 'size'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['status=done', 'status'],
      ['currency_code=XYZ', 'currency_code'],
      ['limit=10', 'limit'],
      ['status=pending&status=failed', 'status'],
    ]) {
      expect(invalidFields(await m.send(contract.listWithdrawals, { query })), query).toEqual([field]);
    }

    // The customer transaction listing shows the same five as payouts, with spec 2.4's statuses.
    const txs = await m.ok(contract.listCustomerTransactions, { query: { transaction_type: 'payout' } });
    expect(txs.body.data.map((t) => [t.transaction_id, t.status])).toEqual([
      [pending.transaction_id, 'pending'],
      [cancelled.transaction_id, 'cancelled'],
      [processing.transaction_id, 'pending'],
      [failed.transaction_id, 'failed'],
      [completed.transaction_id, 'completed'],
    ]);
    await expectReconciled(m.id);
  });

  it('a merchant without withdrawals gets an empty page', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.listWithdrawals);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      data: [],
      pagination: { total: 0, page: 1, size: 50, total_pages: 0, has_more: false },
    });
  });
});

describe('tenant isolation', () => {
  it("B never sees, reads, cancels or pays to A's withdrawals or accounts; nothing of either moves", async () => {
    const a = await fundedMerchant(['GHS'], { name: 'Shop A' });
    const b = await fundedMerchant(['GHS'], { name: 'Shop B' });
    const aAccount = await a.call(contract.createPaymentAccount, {
      body: {
        currency_code: 'GHS',
        account_type: 'bank_account',
        account_number: '1357924680',
        bank_name: 'GCB',
        account_holder_name: 'Shop A',
      },
    });
    expectStatus(aAccount, 200);
    const aWithdrawal = await initiate(a, {
      amount: 20,
      currency_code: 'GHS',
      payment_account_id: aAccount.body.data.id,
    });
    const bWithdrawal = await initiate(b, bankWithdrawal(5));

    const bList = await b.ok(contract.listWithdrawals);
    expect(bList.body.data.map((w) => w.transaction_id)).toEqual([bWithdrawal.transaction_id]);
    expect(bList.body.pagination.total).toBe(1);
    const aList = await a.ok(contract.listWithdrawals);
    expect(aList.body.data.map((w) => w.transaction_id)).toEqual([aWithdrawal.transaction_id]);
    const bTxs = await b.ok(contract.listCustomerTransactions, { query: { transaction_type: 'payout' } });
    expect(bTxs.body.data.map((t) => t.transaction_id)).toEqual([bWithdrawal.transaction_id]);

    for (const res of [
      await b.call(contract.getWithdrawal, { params: { transaction_id: aWithdrawal.transaction_id } }),
      await b.call(contract.cancelWithdrawal, {
        params: { transaction_id: aWithdrawal.transaction_id },
        body: { reason: 'not mine' },
      }),
      await b.call(contract.getCustomerTransaction, { params: { transaction_id: aWithdrawal.transaction_id } }),
      // B cannot send its money to A's saved account: 404 like an unknown account.
      await b.call(contract.createWithdrawal, {
        body: { amount: 10, currency_code: 'GHS', payment_account_id: aAccount.body.data.id },
      }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    expect((await getWithdrawal(a, aWithdrawal.transaction_id)).status).toBe('PENDING');
    expect(await wallet(a)).toMatchObject({ available_balance: 80 });
    expect(await wallet(b)).toMatchObject({ available_balance: 95 });
    expect(await transactionRows(b.id)).toHaveLength(1);
    expect((await events(aWithdrawal.transaction_id)).map((e) => e.event_type)).toEqual(['withdrawal.created']);
    await expectReconciled(a.id);
    await expectReconciled(b.id);
  });
});
