import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../../support/shapes';
import { expectReconciled, wallet, customerTransaction } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import {
  sql,
  bankPayout,
  mobilePayout,
  fundedMerchant,
  initiate,
  getPayout,
  events,
  journal,
  expectUntouched,
  pickUp,
  railAnswers,
} from './helpers';

describe('a bank payout, end to end', () => {
  it('fee 1.00 flat: amount + fee taken at once; pending → processing → completed; ledger, events, customer transaction', async () => {
    const m = await fundedMerchant();
    const res = await m.call(contract.createPayout, {
      body: bankPayout(25, { recipient_email: 'ama@example.com' }, { notes: 'paid in full' }),
    });
    expectStatus(res, 200);
    const p = res.body.data;
    expect(p).toMatchObject({
      merchant_id: m.id,
      kind: 'payout',
      status: 'pending',
      // What left the wallet, the fee, what the recipient is sent: as on its customer transaction.
      amount: 26,
      fee_amount: 1,
      net_amount: 25,
      currency_code: 'GHS',
      payment_account_id: null,
      payout_type: 'bank_transfer',
      recipient_name: 'Ama Mensah',
      recipient_email: 'ama@example.com',
      recipient_phone: null,
      bank_account_number: '0011223344',
      bank_name: 'Stanbic',
      account_holder_name: 'Ama Mensah',
      payout_reason: 'supplier invoice 118',
      notes: 'paid in full',
      provider: 'sandbox_payouts',
      provider_reference: null,
      failure_reason: null,
      cancellation_reason: null,
    });
    expect(p.transaction_id).toMatch(UUID);
    const id = p.transaction_id as string;
    expect(await getPayout(m, id)).toEqual(p);

    expect(await wallet(m)).toMatchObject({ available_balance: 74, holding_balance: 0 });
    expect(await journal(id)).toEqual([
      'payout: merchant_available debit 2500 payout',
      'payout: merchant_available debit 100 fee',
      'payout: payouts_in_flight credit 2500 payout',
      'payout: fees credit 100 fee',
    ]);
    // As a customer transaction (spec 2.4) the three amounts read the same; a third-party payout.
    expect(await customerTransaction(m, id)).toMatchObject({
      transaction_type: 'payout',
      payout_kind: 'payout',
      status: 'pending',
      amount: 26,
      fee_amount: 1,
      net_amount: 25,
      settlement_status: 'unsettled',
      payout_type: 'bank_transfer',
      recipient_name: 'Ama Mensah',
      recipient_email: 'ama@example.com',
      payout_reason: 'supplier invoice 118',
      bank_account_number: '0011223344',
      bank_name: 'Stanbic',
      account_holder_name: 'Ama Mensah',
      provider: 'sandbox_payouts',
      notes: 'paid in full',
    });
    const statement = await m.ok(contract.listWalletTransactions, { query: { currency_code: 'GHS', size: 2 } });
    expect(
      statement.body.data.map((l) => [l.transaction_type, l.amount, l.balance_after, l.customer_transaction_id]),
    ).toEqual([
      ['fee', -1, 74, id],
      ['payout', -25, 75, id],
    ]);

    await pickUp();
    const processing = await getPayout(m, id);
    expect(processing.status).toBe('processing');
    expect(processing.provider_reference).toMatch(/^SBX-PO-/);
    expect(processing.processing_at).toMatch(TIMESTAMP);
    const late = await m.call(contract.cancelPayout, { params: { transaction_id: id }, body: { reason: 'stop' } });
    expectStatus(late, 409);
    expectErrorShape(late.body, 'payout_not_cancellable');
    expect(late.body.message).toMatch(/processing/);

    await railAnswers();
    const completed = await getPayout(m, id);
    expect(completed).toMatchObject({ status: 'completed', failed_at: null, cancelled_at: null });
    expect(completed.completed_at).toMatch(TIMESTAMP);
    expect(await customerTransaction(m, id)).toMatchObject({
      status: 'completed',
      amount: 26,
      net_amount: 25,
      settlement_status: 'settled',
    });
    // The fee stays with the platform; the amount leaves for the rail.
    expect(await wallet(m)).toMatchObject({ available_balance: 74 });
    expect((await journal(id)).slice(4)).toEqual([
      'payout: payouts_in_flight debit 2500 payout_sent',
      'payout: rail_clearing credit 2500 payout_sent',
    ]);
    expect((await events(id)).map((e) => [e.event_type, e.resource_type, e.data.status])).toEqual([
      ['payout.created', 'payout', 'pending'],
      ['payout.processing', 'payout', 'processing'],
      ['payout.completed', 'payout', 'completed'],
    ]);
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from events where resource_id = ${id} and event_type like 'withdrawal.%'`;
    expect(row!.n).toBe(0);
    await expectReconciled(m.id);
  });

  it('mobile money: 0.50 % fee, rounded half up to the minor unit, never less than one minor unit', async () => {
    const m = await fundedMerchant();
    for (const [amount, fee] of [
      [30, 0.15],
      [1, 0.01],
      [10.1, 0.05],
      [0.99, 0.01],
      [0.01, 0.01],
    ] as const) {
      const p = await initiate(m, mobilePayout(amount));
      expect(p, String(amount)).toMatchObject({
        amount: Math.round((amount + fee) * 100) / 100,
        fee_amount: fee,
        net_amount: amount,
        mobile_number: '+233244123456',
      });
    }
    // 100 − 30.15 − 1.01 − 10.15 − 1.00 − 0.02
    expect(await wallet(m)).toMatchObject({ available_balance: 57.67 });
    const rows =
      await sql`select fee_amount::text, amount::text from customer_transactions where merchant_id = ${m.id} and payout_kind = 'payout' order by created_at`;
    expect(rows.map((r) => [r.amount, r.fee_amount])).toEqual([
      ['3015', '15'],
      ['101', '1'],
      ['1015', '5'],
      ['100', '1'],
      ['2', '1'],
    ]);
    const [last] = await sql<
      { id: string }[]
    >`select id from customer_transactions where merchant_id = ${m.id} and amount = 100 and payout_kind = 'payout'`;
    expect(await journal(last!.id)).toEqual([
      'payout: merchant_available debit 99 payout',
      'payout: merchant_available debit 1 fee',
      'payout: payouts_in_flight credit 99 payout',
      'payout: fees credit 1 fee',
    ]);
    await expectReconciled(m.id);
  });

  it('insufficient funds counts the fee: 99.01 + 1.00 > 100.00 → 409; 99.00 + 1.00 fits exactly', async () => {
    const m = await fundedMerchant();
    const res = await m.call(contract.createPayout, { body: bankPayout(99.01) });
    expectStatus(res, 409);
    expectErrorShape(res.body, 'insufficient_funds');
    expect(res.body.message).toMatch(/available balance 100 GHS/);
    await expectUntouched(m);
    const exact = await initiate(m, bankPayout(99));
    expect(exact).toMatchObject({ amount: 100, fee_amount: 1, net_amount: 99 });
    expect(await wallet(m)).toMatchObject({ available_balance: 0 });
    await expectReconciled(m.id);
  });

  it('a frozen wallet refuses payouts (409 wallet_frozen); nothing moves', async () => {
    const m = await fundedMerchant();
    expect(
      (await m.call(contract.updateWalletStatus, { params: { currency_code: 'GHS' }, body: { status: 'frozen' } }))
        .status,
    ).toBe(200);
    const res = await m.call(contract.createPayout, { body: mobilePayout(5) });
    expectStatus(res, 409);
    expectErrorShape(res.body, 'wallet_frozen');
    await expectUntouched(m);
  });
});
