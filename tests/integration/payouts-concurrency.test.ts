import { describe, expect, it } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, admin } from '../support/fixtures';
import { testSql } from '../support/database';
import { expectStatus, failuresOf, successBody, type BodyOf } from '../support/caller';
import { contract } from '../support/contract';

/** A merchant with exactly `available` GHS settled (bank transfer fee 1.00 %: 101.01 pays 100.00 net). */
async function merchantWith100Available() {
  const m = await newMerchant();
  await paidCheckout(m, { amount: 101.01 });
  await settleEverything(m.id);
  const wallet = await m.ok(contract.getWallet, { params: { currency_code: 'GHS' } });
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
} satisfies Partial<BodyOf<typeof contract.createWithdrawal>>;

describe('withdrawals under concurrency (real PostgreSQL)', () => {
  it('200 concurrent withdrawals of 7.00 from 100.00: exactly 14 succeed, the rest 409, never a 5xx, 2.00 left', async () => {
    const m = await merchantWith100Available();
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        m.call(contract.createWithdrawal, { body: { amount: 7, currency_code: 'GHS', ...bankRecipient } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(14);
    expect(statuses.filter((s) => s === 409)).toHaveLength(186);
    const refused = failuresOf(results, 409)[0]!;
    expect(refused.body.error.code).toBe('insufficient_funds');
    expect(refused.body.message).toMatch(/available balance 2 GHS/);
    const wallet = await m.ok(contract.getWallet, { params: { currency_code: 'GHS' } });
    expect(wallet.body.data.available_balance).toBe(2);
    const rows =
      await testSql()`select count(*)::int as n from customer_transactions where merchant_id = ${m.id} and payout_kind = 'withdrawal'`;
    expect(rows[0]!.n).toBe(14);
    const reconciliation = await admin().ok(contract.getLedgerReconciliation, { query: { merchant_id: m.id } });
    expect(reconciliation.body.data.balanced).toBe(true);
  });

  it('cancels and new withdrawals of one wallet at once queue on the wallet: no deadlock, no 5xx, books balanced', async () => {
    const m = await merchantWith100Available();
    const first = [];
    for (let i = 0; i < 30; i++)
      first.push(
        await m.call(contract.createWithdrawal, { body: { amount: 1, currency_code: 'GHS', ...bankRecipient } }),
      );
    expect(first.every((r) => r.status === 200)).toBe(true);
    const results = await Promise.all([
      ...first.map(successBody).map((body) =>
        m.call(contract.cancelWithdrawal, {
          params: { transaction_id: body.data.transaction_id },
          body: { reason: 'changed my mind' },
        }),
      ),
      ...Array.from({ length: 30 }, () =>
        m.call(contract.createWithdrawal, { body: { amount: 1, currency_code: 'GHS', ...bankRecipient } }),
      ),
    ]);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const wallet = await m.ok(contract.getWallet, { params: { currency_code: 'GHS' } });
    expect(wallet.body.data.available_balance).toBe(70); // 30 cancelled (money back), 30 new
    const reconciliation = await admin().ok(contract.getLedgerReconciliation, { query: { merchant_id: m.id } });
    expect(reconciliation.body.data.balanced).toBe(true);
  });

  it('50 concurrent cancels of one PENDING withdrawal: exactly one wins and the money comes back once', async () => {
    const m = await merchantWith100Available();
    const created = await m.call(contract.createWithdrawal, {
      body: {
        amount: 40,
        currency_code: 'GHS',
        ...bankRecipient,
      },
    });
    expectStatus(created, 200);
    const id = created.body.data.transaction_id;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        m.call(contract.cancelWithdrawal, { params: { transaction_id: id }, body: { reason: 'duplicate request' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(failuresOf(results, 409)[0]!.body.error.code).toBe('withdrawal_not_cancellable');
    const wallet = await m.ok(contract.getWallet, { params: { currency_code: 'GHS' } });
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
      const res = await m.call(contract.createPaymentAccount, {
        body: {
          currency_code: 'GHS',
          account_type: 'bank_account',
          account_number: `01234567${i}0`,
          bank_name: 'GCB',
          account_holder_name: 'Test Shop',
        },
      });
      expectStatus(res, 200);
      ids.push(res.body.data.id);
    }
    const results = await Promise.all(
      [...ids, ...ids].map((id) =>
        m.call(contract.updatePaymentAccount, { params: { account_id: id }, body: { is_primary: true } }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const primaries = await testSql()`
      select id from payment_accounts where merchant_id = ${m.id} and currency_code = 'GHS' and is_primary and deleted_at is null`;
    expect(primaries).toHaveLength(1);
    const list = await m.ok(contract.listPaymentAccounts, { query: { currency_code: 'GHS' } });
    expect(list.body.data.filter((a) => a.is_primary)).toHaveLength(1);
  });

  it('concurrent first accounts of a currency: exactly one becomes primary', async () => {
    const m = await newMerchant();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        m.call(contract.createPaymentAccount, {
          body: {
            currency_code: 'KES',
            account_type: 'mobile_money',
            phone_number: `+2547123456${String(i).padStart(2, '0')}`,
            network_provider: 'mpesa',
          },
        }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(results.map(successBody).filter((body) => body.data.is_primary)).toHaveLength(1);
  });
});
