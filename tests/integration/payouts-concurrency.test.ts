import { describe, expect, it } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, admin } from '../support/fixtures';
import { testSql } from '../support/database';

/** A merchant with exactly `available` GHS settled (bank transfer fee 1.00 %: 101.01 pays 100.00 net). */
async function merchantWith100Available() {
  const m = await newMerchant();
  await paidCheckout(m, { amount: 101.01 });
  await settleEverything(m.id);
  const wallet = await m.api.get('/api/v1/merchants/wallet/GHS');
  expect(wallet.body.data.available_balance).toBe(100);
  return m;
}

const bankRecipient = {
  payout_type: 'bank_transfer',
  recipient_details: {
    recipient_name: 'Ama Mensah',
    bank_account_number: '0123456789',
    bank_name: 'GCB',
    account_holder_name: 'Ama Mensah',
  },
};

describe('withdrawals under concurrency (real PostgreSQL)', () => {
  it('200 concurrent withdrawals of 7.00 from 100.00: exactly 14 succeed, the rest 409, never a 5xx, 2.00 left', async () => {
    const m = await merchantWith100Available();
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        m.api.post('/api/v1/merchants/withdrawals', { amount: 7, currency_code: 'GHS', ...bankRecipient }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(14);
    expect(statuses.filter((s) => s === 409)).toHaveLength(186);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.error.code).toBe('insufficient_funds');
    expect(refused.body.message).toMatch(/available balance 2 GHS/);
    const wallet = await m.api.get('/api/v1/merchants/wallet/GHS');
    expect(wallet.body.data.available_balance).toBe(2);
    const rows =
      await testSql()`select count(*)::int as n from customer_transactions where merchant_id = ${m.id} and payout_kind = 'withdrawal'`;
    expect(rows[0]!.n).toBe(14);
    const reconciliation = await admin().get(`/api/admin/v1/ledger/reconciliation?merchant_id=${m.id}`);
    expect(reconciliation.body.data.balanced).toBe(true);
  });

  it('cancels and new withdrawals of one wallet at once queue on the wallet: no deadlock, no 5xx, books balanced', async () => {
    const m = await merchantWith100Available();
    const first = [];
    for (let i = 0; i < 30; i++)
      first.push(
        await m.api.post('/api/v1/merchants/withdrawals', { amount: 1, currency_code: 'GHS', ...bankRecipient }),
      );
    expect(first.every((r) => r.status === 200)).toBe(true);
    const results = await Promise.all([
      ...first.map((r) =>
        m.api.post(`/api/v1/merchants/withdrawals/${r.body.data.transaction_id}/cancel`, { reason: 'changed my mind' }),
      ),
      ...Array.from({ length: 30 }, () =>
        m.api.post('/api/v1/merchants/withdrawals', { amount: 1, currency_code: 'GHS', ...bankRecipient }),
      ),
    ]);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const wallet = await m.api.get('/api/v1/merchants/wallet/GHS');
    expect(wallet.body.data.available_balance).toBe(70); // 30 cancelled (money back), 30 new
    const reconciliation = await admin().get(`/api/admin/v1/ledger/reconciliation?merchant_id=${m.id}`);
    expect(reconciliation.body.data.balanced).toBe(true);
  });

  it('50 concurrent cancels of one PENDING withdrawal: exactly one wins and the money comes back once', async () => {
    const m = await merchantWith100Available();
    const created = await m.api.post('/api/v1/merchants/withdrawals', {
      amount: 40,
      currency_code: 'GHS',
      ...bankRecipient,
    });
    expect(created.status).toBe(200);
    const id = created.body.data.transaction_id;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        m.api.post(`/api/v1/merchants/withdrawals/${id}/cancel`, { reason: 'duplicate request' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('withdrawal_not_cancellable');
    const wallet = await m.api.get('/api/v1/merchants/wallet/GHS');
    expect(wallet.body.data.available_balance).toBe(100);
    const reversals = await testSql()`
      select count(*)::int as n from ledger_entries where customer_transaction_id = ${id} and kind = 'reversal'`;
    expect(reversals[0]!.n).toBe(1);
    const events =
      await testSql()`select count(*)::int as n from events where resource_id = ${id} and event_type = 'withdrawal.cancelled'`;
    expect(events[0]!.n).toBe(1);
  });

  it('concurrent "make primary" requests leave exactly one primary account', async () => {
    const m = await newMerchant();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await m.api.post('/api/v1/merchants/payment-accounts', {
        currency_code: 'GHS',
        account_type: 'bank_account',
        account_number: `01234567${i}0`,
        bank_name: 'GCB',
        account_holder_name: 'Test Shop',
      });
      expect(res.status).toBe(200);
      ids.push(res.body.data.id);
    }
    const results = await Promise.all(
      [...ids, ...ids].map((id) => m.api.put(`/api/v1/merchants/payment-accounts/${id}`, { is_primary: true })),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const primaries = await testSql()`
      select id from payment_accounts where merchant_id = ${m.id} and currency_code = 'GHS' and is_primary and deleted_at is null`;
    expect(primaries).toHaveLength(1);
    const list = await m.api.get('/api/v1/merchants/payment-accounts?currency_code=GHS');
    expect(list.body.data.filter((a: any) => a.is_primary)).toHaveLength(1);
  });

  it('concurrent first accounts of a currency: exactly one becomes primary', async () => {
    const m = await newMerchant();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        m.api.post('/api/v1/merchants/payment-accounts', {
          currency_code: 'KES',
          account_type: 'mobile_money',
          phone_number: `+2547123456${String(i).padStart(2, '0')}`,
          network_provider: 'mpesa',
        }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(results.filter((r) => r.body.data.is_primary)).toHaveLength(1);
  });
});
