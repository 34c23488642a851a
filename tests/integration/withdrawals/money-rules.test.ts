import { describe, expect, it } from 'vitest';
import { admin, paidCheckout, expectReconciled, wallet, customerTransaction } from '../../support/fixtures';
import { config, resetConfigForTests } from '../../../lib/platform/config';
import { DEFAULT_FEE_SCHEDULE } from '../../../lib/platform/settings/fee-schedule';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import {
  bankWithdrawal,
  mobileWithdrawal,
  fundedMerchant,
  initiate,
  getWithdrawal,
  journal,
  transactionRows,
  expectUntouched,
  pickUp,
  railAnswers,
  sql,
} from './helpers';
import { settlingOf } from '../../../lib/books/ledger/available-on';
import { getDb } from '../../../lib/platform/db/client';

describe('money rules at initiation', () => {
  it('insufficient funds → 409 with the available balance in the message; nothing changes; exactly all of it works', async () => {
    const m = await fundedMerchant();
    const res = await m.call(contract.createWithdrawal, { body: bankWithdrawal(100.01) });
    expectStatus(res, 409);
    expectErrorShape(res.body, 'insufficient_funds');
    expect(res.body.message).toMatch(/available balance 100 GHS/);
    await expectUntouched(m);

    // Money in holding (not yet settled) cannot be withdrawn, and the message says so.
    await paidCheckout(m, { amount: 50 });
    const held = await m.call(contract.createWithdrawal, { body: bankWithdrawal(120) });
    expectStatus(held, 409);
    expectErrorShape(held.body, 'insufficient_funds');
    expect(held.body.message).toMatch(/available balance 100 GHS \(plus 49\.5 not yet settled, available on /);
    // With the day it becomes available: the deposit's completion plus the settlement delay.
    const settlesOn = new Date(Date.now() + config().SETTLEMENT_DELAY_MINUTES * 60_000).toISOString().slice(0, 10);
    expect(held.body.message).toContain(`available on ${settlesOn})`);
    expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 49.5 });
    expect(await transactionRows(m.id)).toEqual([]);

    const all = await initiate(m, bankWithdrawal(100));
    expect(all).toMatchObject({ amount: 100, net_amount: 100 });
    expect(await wallet(m)).toMatchObject({ available_balance: 0, holding_balance: 49.5 });
    const more = await m.call(contract.createWithdrawal, { body: bankWithdrawal(0.01) });
    expectStatus(more, 409);
    expect(more.body.message).toMatch(/available balance 0 GHS/);
    expect(await transactionRows(m.id)).toHaveLength(1);
    // Another currency's wallet is empty.
    const kes = await m.call(contract.createWithdrawal, { body: bankWithdrawal(1, {}, { currency_code: 'KES' }) });
    expectStatus(kes, 409);
    expectErrorShape(kes.body, 'insufficient_funds');
    expect(kes.body.message).toMatch(/available balance 0 KES/);
    await expectReconciled(m.id);
  });

  it('held money by the day it becomes available: overdue today, the rest on the day each falls due; the parts add up to holding', async () => {
    const m = await fundedMerchant();
    for (const amount of [50, 20, 10]) await paidCheckout(m, { amount });
    const deposits = await sql<{ id: string }[]>`
      select id from customer_transactions where merchant_id = ${m.id} and transaction_type = 'deposit'
         and settlement_status = 'unsettled' order by created_at`;
    expect(deposits).toHaveLength(3);
    const [w] = await sql<{ id: string; holding: string }[]>`
      select w.id, w.holding_balance as holding from wallets w join tenants t on t.id = w.tenant_id
       where w.merchant_id = ${m.id} and t.mode = 'test' and w.holding_balance > 0`;
    const holding = BigInt(w!.holding);
    const delay = config().SETTLEMENT_DELAY_MINUTES * 60_000;
    // "Now" is 02:00 UTC: 50 completed before the delay (overdue, due now), 20 falls due at 03:00
    // today, 10 at 01:00 tomorrow, across midnight.
    const midnight = Date.UTC(2026, 10, 30);
    const now = new Date(midnight + 2 * 3600_000);
    const completedAt = [
      midnight + 3600_000 - delay,
      midnight + 3 * 3600_000 - delay,
      midnight + 25 * 3600_000 - delay,
    ];
    for (const [i, at] of completedAt.entries())
      await sql`update customer_transactions set completed_at = ${new Date(at)} where id = ${deposits[i]!.id}`;
    const settling = await settlingOf(getDb(), { id: w!.id, holding }, now);
    expect(settling.map((s) => [s.on.toISOString(), s.amount])).toEqual([
      ['2026-11-30T23:59:59.999Z', 4950n + 1980n], // overdue and due today: one day's money, by its end
      ['2026-12-01T01:00:00.000Z', 990n],
    ]);
    expect(settling.reduce((t, s) => t + s.amount, 0n)).toBe(holding);
    // The money of one day only: still one line, and it is all of holding.
    for (const id of deposits.map((d) => d.id))
      await sql`update customer_transactions set completed_at = ${new Date(midnight + 3 * 3600_000 - delay)} where id = ${id}`;
    expect(await settlingOf(getDb(), { id: w!.id, holding }, now)).toEqual([
      { on: new Date(midnight + 3 * 3600_000), amount: holding },
    ]);
  });

  it('a frozen wallet → 409 wallet_frozen, a suspended one → 409 wallet_suspended; nothing changes; active again works', async () => {
    const m = await fundedMerchant();
    const frozen = await m.call(contract.updateWalletStatus, {
      params: { currency_code: 'GHS' },
      body: { status: 'frozen' },
    });
    expectStatus(frozen, 200);
    const refused = await m.call(contract.createWithdrawal, { body: bankWithdrawal(10) });
    expectStatus(refused, 409);
    expectErrorShape(refused.body, 'wallet_frozen');
    await expectUntouched(m);
    expect(
      (await m.call(contract.updateWalletStatus, { params: { currency_code: 'ghs' }, body: { status: 'active' } }))
        .status,
    ).toBe(200);

    const suspend = await admin().call(contract.updateMerchantWallet, {
      params: { merchant_id: m.id, currency_code: 'GHS' },
      body: { status: 'suspended' },
    });
    expectStatus(suspend, 200);
    const suspended = await m.call(contract.createWithdrawal, { body: bankWithdrawal(10) });
    expectStatus(suspended, 409);
    expectErrorShape(suspended.body, 'wallet_suspended');
    await expectUntouched(m);
    expect(
      (
        await admin().call(contract.updateMerchantWallet, {
          params: { merchant_id: m.id, currency_code: 'GHS' },
          body: { status: 'active' },
        })
      ).status,
    ).toBe(200);

    await initiate(m, bankWithdrawal(10));
    expect(await wallet(m)).toMatchObject({ available_balance: 90 });
  });

  it('money going back (cancel, rail failure) still reaches a wallet frozen or suspended after initiation', async () => {
    const m = await fundedMerchant();
    const toCancel = await initiate(m, bankWithdrawal(20));
    const toFail = await initiate(m, bankWithdrawal(30, { bank_account_number: '4444449999' }));
    expect(await wallet(m)).toMatchObject({ available_balance: 50 });
    expect(
      (await m.call(contract.updateWalletStatus, { params: { currency_code: 'GHS' }, body: { status: 'frozen' } }))
        .status,
    ).toBe(200);
    const cancelled = await m.call(contract.cancelWithdrawal, {
      params: { transaction_id: toCancel.transaction_id },
      body: { reason: 'wallet frozen' },
    });
    expectStatus(cancelled, 200);
    expect(await wallet(m)).toMatchObject({ available_balance: 70, status: 'frozen' });
    expect(
      (
        await admin().call(contract.updateMerchantWallet, {
          params: { merchant_id: m.id, currency_code: 'GHS' },
          body: { status: 'suspended' },
        })
      ).status,
    ).toBe(200);
    await pickUp();
    await railAnswers();
    expect((await getWithdrawal(m, toFail.transaction_id)).status).toBe('FAILED');
    expect(await wallet(m)).toMatchObject({ available_balance: 100, status: 'suspended' });
    await expectReconciled(m.id);
  });

  it('takes amount + fee when the schedule charges withdrawals (FEE_SCHEDULE), and gives both back on cancel', async () => {
    const schedule = [
      ...DEFAULT_FEE_SCHEDULE.filter((r) => r.operation !== 'withdrawal.bank_transfer'),
      { operation: 'withdrawal.bank_transfer', currency: '*', percent_bps: 100, fixed_minor: 10 },
    ];
    process.env.FEE_SCHEDULE = JSON.stringify(schedule);
    resetConfigForTests();
    try {
      const m = await fundedMerchant();
      // 99.50 + (1 % of 99.50 = 1.00, half up) + 0.10 = 100.60: more than the 100.00 available.
      const tooMuch = await m.call(contract.createWithdrawal, { body: bankWithdrawal(99.5) });
      expectStatus(tooMuch, 409);
      expectErrorShape(tooMuch.body, 'insufficient_funds');
      await expectUntouched(m);

      const w = await initiate(m, bankWithdrawal(50));
      // The record and its customer transaction read the same: amount left the wallet, net_amount is sent.
      expect(w).toMatchObject({ amount: 50.6, fee_amount: 0.6, net_amount: 50 });
      expect(await wallet(m)).toMatchObject({ available_balance: 49.4 });
      expect(await journal(w.transaction_id)).toEqual([
        'withdrawal: merchant_available debit 5000',
        'withdrawal: merchant_available debit 60',
        'withdrawal: payouts_in_flight credit 5000',
        'withdrawal: fees credit 60',
      ]);
      expect(await customerTransaction(m, w.transaction_id)).toMatchObject({
        amount: 50.6,
        fee_amount: 0.6,
        net_amount: 50,
      });
      // Mobile money withdrawals stay free.
      const mobile = await initiate(m, mobileWithdrawal(10));
      expect(mobile).toMatchObject({ amount: 10, fee_amount: 0, net_amount: 10 });
      expect(await wallet(m)).toMatchObject({ available_balance: 39.4 });

      const cancelled = await m.call(contract.cancelWithdrawal, {
        params: { transaction_id: w.transaction_id },
        body: { reason: 'fee too high' },
      });
      expectStatus(cancelled, 200);
      expect(await wallet(m)).toMatchObject({ available_balance: 90 });
      expect((await journal(w.transaction_id)).slice(4)).toEqual([
        'reversal: payouts_in_flight debit 5000',
        'reversal: merchant_available credit 5000',
        'reversal: fees debit 60',
        'reversal: merchant_available credit 60',
      ]);
      await expectReconciled(m.id);
    } finally {
      delete process.env.FEE_SCHEDULE;
      resetConfigForTests();
    }
  });
});
