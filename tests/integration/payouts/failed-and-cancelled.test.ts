import { describe, expect, it } from 'vitest';
import { TIMESTAMP } from '../../support/shapes';
import { expectReconciled, wallet, customerTransaction } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import {
  bankPayout,
  mobilePayout,
  fundedMerchant,
  initiate,
  getPayout,
  events,
  journal,
  pickUp,
  railAnswers,
} from './helpers';

describe('failed and cancelled payouts give back the amount and the fee', () => {
  it('a recipient ending in 9999 fails: failed, failure_reason, amount + fee back, payout.failed', async () => {
    const m = await fundedMerchant();
    const p = await initiate(m, bankPayout(40, { bank_account_number: '0011229999' }));
    expect(await wallet(m)).toMatchObject({ available_balance: 59 });
    await pickUp();
    await railAnswers();
    const failed = await getPayout(m, p.transaction_id);
    expect(failed).toMatchObject({ status: 'failed', completed_at: null });
    expect(failed.failure_reason).toMatch(/9999/);
    expect(failed.failed_at).toMatch(TIMESTAMP);
    expect(await customerTransaction(m, p.transaction_id)).toMatchObject({
      status: 'failed',
      amount: 41,
      fee_amount: 1,
    });
    expect(await wallet(m)).toMatchObject({ available_balance: 100 });
    expect((await journal(p.transaction_id)).slice(4)).toEqual([
      'reversal: payouts_in_flight debit 4000 reversal',
      'reversal: merchant_available credit 4000 reversal',
      'reversal: fees debit 100 reversal',
      'reversal: merchant_available credit 100 reversal',
    ]);
    expect((await events(p.transaction_id)).map((e) => e.event_type)).toEqual([
      'payout.created',
      'payout.processing',
      'payout.failed',
    ]);
    expect(
      (await m.call(contract.cancelPayout, { params: { transaction_id: p.transaction_id }, body: { reason: 'x' } }))
        .status,
    ).toBe(409);
    await expectReconciled(m.id);
  });

  it('cancel while pending: cancelled with the reason (required), everything back at once; twice → 409', async () => {
    const m = await fundedMerchant();
    const p = await initiate(m, mobilePayout(50));
    expect(p).toMatchObject({ amount: 50.25, fee_amount: 0.25, net_amount: 50 });
    expect(await wallet(m)).toMatchObject({ available_balance: 49.75 });
    expect(
      invalidFields(await m.send(contract.cancelPayout, { params: { transaction_id: p.transaction_id }, body: {} })),
    ).toEqual(['reason']);
    expect(
      invalidFields(await m.send(contract.cancelPayout, { params: { transaction_id: p.transaction_id } })),
    ).toEqual(['reason']);
    expect((await getPayout(m, p.transaction_id)).status).toBe('pending');

    const res = await m.call(contract.cancelPayout, {
      params: { transaction_id: p.transaction_id },
      body: { reason: 'recipient asked for cash' },
    });
    expectStatus(res, 200);
    expect(res.body.message).toBe('Payout cancelled');
    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'recipient asked for cash',
      amount: 50.25,
      fee_amount: 0.25,
      net_amount: 50,
    });
    expect(res.body.data.cancelled_at).toMatch(TIMESTAMP);
    expect(await getPayout(m, p.transaction_id)).toEqual(res.body.data);
    expect(await wallet(m)).toMatchObject({ available_balance: 100 });
    expect(await customerTransaction(m, p.transaction_id)).toMatchObject({
      status: 'cancelled',
      settlement_status: 'unsettled',
      settled_at: null,
    });

    const again = await m.call(contract.cancelPayout, {
      params: { transaction_id: p.transaction_id },
      body: { reason: 'again' },
    });
    expectStatus(again, 409);
    expectErrorShape(again.body, 'payout_not_cancellable');
    await pickUp();
    expect((await getPayout(m, p.transaction_id)).status).toBe('cancelled');
    expect((await events(p.transaction_id)).map((e) => [e.event_type, e.data.status])).toEqual([
      ['payout.created', 'pending'],
      ['payout.cancelled', 'cancelled'],
    ]);
    await expectReconciled(m.id);
  });
});
