import { describe, expect, it } from 'vitest';
import { TIMESTAMP } from '../../support/shapes';
import { expectReconciled, wallet, customerTransaction } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import {
  UNKNOWN_ID,
  PAYOUT_FIELDS,
  bankWithdrawal,
  fundedMerchant,
  initiate,
  getWithdrawal,
  events,
  journal,
  pickUp,
  railAnswers,
} from './helpers';

describe('POST /api/v1/merchants/withdrawals/{id}/cancel', () => {
  it('only while PENDING: → CANCELLED with the reason, money back in the same transaction; twice → 409', async () => {
    const m = await fundedMerchant();
    const w = await initiate(m, bankWithdrawal(75));
    const id = w.transaction_id;

    expect(await wallet(m)).toMatchObject({ available_balance: 25 });

    // A reason is required.
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }, undefined]) {
      const res = await m.send(contract.cancelWithdrawal, { params: { transaction_id: id }, body });
      expect(invalidFields(res), JSON.stringify(body)).toEqual(['reason']);
    }
    expect(
      invalidFields(
        await m.send(contract.cancelWithdrawal, { params: { transaction_id: id }, body: { reason: 'x', force: true } }),
      ),
    ).toEqual(['force']);
    expect((await getWithdrawal(m, id)).status).toBe('PENDING');
    expect(await wallet(m)).toMatchObject({ available_balance: 25 });

    const res = await m.call(contract.cancelWithdrawal, {
      params: { transaction_id: id },
      body: { reason: 'wrong account' },
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Withdrawal cancelled' });
    const cancelled = res.body.data;
    expect(Object.keys(cancelled)).toEqual(PAYOUT_FIELDS);
    expect(cancelled).toMatchObject({
      transaction_id: id,
      status: 'CANCELLED',
      cancellation_reason: 'wrong account',
      amount: 75,
      net_amount: 75,
      processing_at: null,
      completed_at: null,
      failed_at: null,
    });
    expect(cancelled.cancelled_at).toMatch(TIMESTAMP);
    expect(await getWithdrawal(m, id)).toEqual(cancelled);
    expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0 });
    expect(await journal(id)).toEqual([
      'withdrawal: merchant_available debit 7500',
      'withdrawal: payouts_in_flight credit 7500',
      'reversal: payouts_in_flight debit 7500',
      'reversal: merchant_available credit 7500',
    ]);
    expect(await customerTransaction(m, id)).toMatchObject({
      status: 'cancelled',
      completed_at: null,
      failed_at: null,
    });
    const statement = await m.ok(contract.listWalletTransactions, { query: { currency_code: 'GHS', size: 2 } });
    expect(statement.body.data.map((l) => [l.transaction_type, l.amount, l.balance_after])).toEqual([
      ['reversal', 75, 100],
      ['withdrawal', -75, 25],
    ]);

    const again = await m.call(contract.cancelWithdrawal, {
      params: { transaction_id: id },
      body: { reason: 'again' },
    });
    expectStatus(again, 409);
    expectErrorShape(again.body, 'withdrawal_not_cancellable');
    expect(again.body.message).toMatch(/CANCELLED/);

    // The rail's pick-up comes too late and changes nothing.
    await pickUp();
    await railAnswers();
    expect(await getWithdrawal(m, id)).toEqual(cancelled);
    expect(await wallet(m)).toMatchObject({ available_balance: 100 });
    expect((await events(id)).map((e) => [e.event_type, e.data.status])).toEqual([
      ['withdrawal.created', 'PENDING'],
      ['withdrawal.cancelled', 'CANCELLED'],
    ]);
    await expectReconciled(m.id);
  });

  it('an unknown id → 404, a malformed one → 422', async () => {
    const m = await fundedMerchant();
    const missing = await m.call(contract.cancelWithdrawal, {
      params: { transaction_id: UNKNOWN_ID },
      body: { reason: 'x' },
    });
    expectStatus(missing, 404);
    expectErrorShape(missing.body, 'not_found');
    expect(
      invalidFields(
        await m.call(contract.cancelWithdrawal, { params: { transaction_id: 'nope' }, body: { reason: 'x' } }),
      ),
    ).toEqual(['transaction_id']);
    const getMissing = await m.call(contract.getWithdrawal, { params: { transaction_id: UNKNOWN_ID } });
    expectStatus(getMissing, 404);
    expectErrorShape(getMissing.body, 'not_found');
    expect(invalidFields(await m.call(contract.getWithdrawal, { params: { transaction_id: 'nope' } }))).toEqual([
      'transaction_id',
    ]);
    // A deposit is a customer transaction but not a withdrawal.
    const deposits = await m.ok(contract.listCustomerTransactions, { query: { transaction_type: 'deposit' } });
    const depositId = deposits.body.data[0]!.transaction_id;
    expect((await m.call(contract.getWithdrawal, { params: { transaction_id: depositId } })).status).toBe(404);
    expect(
      (await m.call(contract.cancelWithdrawal, { params: { transaction_id: depositId }, body: { reason: 'x' } }))
        .status,
    ).toBe(404);
  });
});
