import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../../support/shapes';
import { expectReconciled, wallet, customerTransaction } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import {
  PAYOUT_FIELDS,
  bankWithdrawal,
  mobileWithdrawal,
  fundedMerchant,
  initiate,
  getWithdrawal,
  events,
  journal,
  transactionRows,
  pickUp,
  railAnswers,
} from './helpers';

describe('an ad-hoc bank withdrawal, end to end', () => {
  it('PENDING → PROCESSING → COMPLETED: debited once at initiation, ledger, events, customer transaction, statement', async () => {
    const m = await fundedMerchant();
    const res = await m.call(contract.createWithdrawal, {
      body: bankWithdrawal(
        40.25,
        { bank_routing_number: 'GH030100', recipient_email: 'finance@shop.test', recipient_phone: '+233244000000' },
        { notes: 'March takings' },
      ),
    });
    expectStatus(res, 200);
    const w = res.body.data;
    expect(Object.keys(w)).toEqual(PAYOUT_FIELDS);
    expect(w).toMatchObject({
      merchant_id: m.id,
      kind: 'withdrawal',
      status: 'PENDING',
      amount: 40.25,
      // Withdrawals are free by default (the merchant's own money to the merchant's own account).
      fee_amount: 0,
      net_amount: 40.25,
      currency_code: 'GHS',
      payment_account_id: null,
      payout_type: 'bank_transfer',
      recipient_name: 'Test Shop Ltd',
      recipient_email: 'finance@shop.test',
      recipient_phone: '+233244000000',
      bank_account_number: '0123456789',
      bank_routing_number: 'GH030100',
      bank_name: 'GCB Bank',
      account_holder_name: 'Test Shop Ltd',
      mobile_number: null,
      network_provider: null,
      payout_reason: null,
      notes: 'March takings',
      provider: 'sandbox_payouts',
      provider_reference: null,
      failure_reason: null,
      cancellation_reason: null,
      idempotency_key: null,
      processing_at: null,
      completed_at: null,
      failed_at: null,
      cancelled_at: null,
    });
    expect(w.transaction_id).toMatch(UUID);
    expect(w.created_at).toMatch(TIMESTAMP);
    const id = w.transaction_id;

    // Taken from available at once, in the same transaction as the row and the event.
    const afterInitiation = await wallet(m);
    expect(afterInitiation).toMatchObject({ available_balance: 59.75, holding_balance: 0, balance: 59.75 });
    expect(afterInitiation.last_payout_at).toMatch(TIMESTAMP);
    expect(await journal(id)).toEqual([
      'withdrawal: merchant_available debit 4025',
      'withdrawal: payouts_in_flight credit 4025',
    ]);
    expect(await transactionRows(m.id)).toEqual([
      {
        id,
        status: 'pending',
        payout_status: 'pending',
        payout_kind: 'withdrawal',
        amount: '4025',
        fee_amount: '0',
        net_amount: '4025',
      },
    ]);
    expect(await getWithdrawal(m, id)).toEqual(w);
    await expectReconciled(m.id);

    // The same row is a customer transaction (spec 2.4) of type payout.
    const pending = await customerTransaction(m, id);
    expect(pending).toMatchObject({
      transaction_id: id,
      merchant_id: m.id,
      transaction_type: 'payout',
      payout_kind: 'withdrawal',
      status: 'pending',
      amount: 40.25,
      fee_amount: 0,
      net_amount: 40.25,
      // No money has moved yet: settled only once the rail confirms the recipient was paid.
      settlement_status: 'unsettled',
      settled_at: null,
      currency_code: 'GHS',
      payout_type: 'bank_transfer',
      recipient_name: 'Test Shop Ltd',
      recipient_email: 'finance@shop.test',
      recipient_phone: '+233244000000',
      payout_reason: null,
      bank_account_number: '0123456789',
      bank_routing_number: 'GH030100',
      bank_name: 'GCB Bank',
      account_holder_name: 'Test Shop Ltd',
      mobile_number: null,
      network_provider: null,
      provider: 'sandbox_payouts',
      provider_reference: null,
      notes: 'March takings',
      checkout_session_id: null,
      customer_email: null,
      completed_at: null,
      failed_at: null,
    });
    expect(pending.currency_id).toBe(afterInitiation.currency_id);
    const listed = await m.ok(contract.listCustomerTransactions, { query: { transaction_type: 'payout' } });
    expect(listed.body.data.map((t) => t.transaction_id)).toEqual([id]);

    // The wallet statement shows the movement out of available.
    const statement = await m.ok(contract.listWalletTransactions, { query: { currency_code: 'GHS', size: 1 } });
    expect(statement.body.data[0]).toMatchObject({
      transaction_type: 'withdrawal',
      balance_type: 'available',
      direction: 'debit',
      amount: -40.25,
      balance_after: 59.75,
      customer_transaction_id: id,
    });

    // The rail picks it up: PROCESSING, with a provider reference; no more money moves, no cancel.
    await pickUp();
    const processing = await getWithdrawal(m, id);
    expect(processing).toMatchObject({ status: 'PROCESSING', completed_at: null, failed_at: null });
    expect(processing.processing_at).toMatch(TIMESTAMP);
    expect(processing.provider_reference).toMatch(/^SBX-PO-[0-9A-F]{16}$/);
    expect(await customerTransaction(m, id)).toMatchObject({
      status: 'pending',
      provider_reference: processing.provider_reference,
    });
    expect(await wallet(m)).toMatchObject({ available_balance: 59.75 });
    const late = await m.call(contract.cancelWithdrawal, {
      params: { transaction_id: id },
      body: { reason: 'changed my mind' },
    });
    expectStatus(late, 409);
    expectErrorShape(late.body, 'withdrawal_not_cancellable');
    expect(late.body.message).toMatch(/PROCESSING/);
    expect((await getWithdrawal(m, id)).status).toBe('PROCESSING');

    // The rail pays it out: COMPLETED; the money leaves payouts_in_flight for the rail.
    await railAnswers();
    const completed = await getWithdrawal(m, id);
    expect(completed).toMatchObject({
      status: 'COMPLETED',
      provider_reference: processing.provider_reference,
      processing_at: processing.processing_at,
      failure_reason: null,
      failed_at: null,
      cancelled_at: null,
    });
    expect(completed.completed_at).toMatch(TIMESTAMP);
    const done = await customerTransaction(m, id);
    expect(done).toMatchObject({ status: 'completed', amount: 40.25, net_amount: 40.25, fee_amount: 0 });
    expect(done.completed_at).toMatch(TIMESTAMP);
    expect(await wallet(m)).toMatchObject({ available_balance: 59.75, holding_balance: 0 });
    expect(await journal(id)).toEqual([
      'withdrawal: merchant_available debit 4025',
      'withdrawal: payouts_in_flight credit 4025',
      'withdrawal: payouts_in_flight debit 4025',
      'withdrawal: rail_clearing credit 4025',
    ]);
    const done409 = await m.call(contract.cancelWithdrawal, {
      params: { transaction_id: id },
      body: { reason: 'too late' },
    });
    expectStatus(done409, 409);
    expectErrorShape(done409.body, 'withdrawal_not_cancellable');

    // One event per move, in order, each carrying the withdrawal as it was right after the move.
    const written = await events(id);
    expect(written.map((e) => [e.event_type, e.resource_type, e.merchant_id, e.data.status])).toEqual([
      ['withdrawal.created', 'withdrawal', m.id, 'PENDING'],
      ['withdrawal.processing', 'withdrawal', m.id, 'PROCESSING'],
      ['withdrawal.completed', 'withdrawal', m.id, 'COMPLETED'],
    ]);
    // Event data leaves the service (webhooks): the bank account number is masked there.
    const masked = { bank_account_number: '******6789' };
    expect(written[0]!.data).toEqual({ ...w, ...masked });
    expect(written[2]!.data).toEqual({ ...completed, ...masked });

    // The rail's jobs ran once: running them again changes nothing.
    await pickUp();
    await railAnswers();
    expect(await getWithdrawal(m, id)).toEqual(completed);
    expect(await events(id)).toHaveLength(3);
    await expectReconciled(m.id);
  });

  it('a withdrawal is settled when the rail has paid it, never before; failed and cancelled ones never', async () => {
    const m = await fundedMerchant();
    const paid = await initiate(m, bankWithdrawal(10));
    const failing = await initiate(m, bankWithdrawal(10, { bank_account_number: '0123459999' }));
    const cancelled = await initiate(m, bankWithdrawal(10));
    expect(
      (
        await m.call(contract.cancelWithdrawal, {
          params: { transaction_id: cancelled.transaction_id },
          body: { reason: 'changed my mind' },
        })
      ).status,
    ).toBe(200);
    const settlementOf = async (id: string) => {
      const t = await customerTransaction(m, id);
      return [t.status, t.settlement_status, t.settled_at === null ? null : 'set'];
    };
    expect(await settlementOf(paid.transaction_id)).toEqual(['pending', 'unsettled', null]);
    await pickUp();
    expect(await settlementOf(paid.transaction_id)).toEqual(['pending', 'unsettled', null]);
    await railAnswers();
    expect(await settlementOf(paid.transaction_id)).toEqual(['completed', 'settled', 'set']);
    const t = await customerTransaction(m, paid.transaction_id);
    expect(t.settled_at).toBe(t.completed_at);
    expect(await settlementOf(failing.transaction_id)).toEqual(['failed', 'unsettled', null]);
    expect(await settlementOf(cancelled.transaction_id)).toEqual(['cancelled', 'unsettled', null]);
  });

  it('a destination ending in 9999 fails at the rail: FAILED with failure_reason, money back automatically', async () => {
    const m = await fundedMerchant();
    const bank = await initiate(m, bankWithdrawal(30, { bank_account_number: '0123459999' }));
    const mobile = await initiate(m, mobileWithdrawal(20, { mobile_number: '024 412 9999' }));
    expect(mobile).toMatchObject({
      payout_type: 'mobile_money',
      mobile_number: '+233244129999',
      network_provider: 'mtn_momo',
      bank_account_number: null,
    });
    expect(await wallet(m)).toMatchObject({ available_balance: 50 });

    await pickUp();
    expect((await getWithdrawal(m, bank.transaction_id)).status).toBe('PROCESSING');
    expect((await getWithdrawal(m, mobile.transaction_id)).status).toBe('PROCESSING');
    expect(await wallet(m)).toMatchObject({ available_balance: 50 });

    await railAnswers();
    for (const [w, minor] of [
      [bank, '3000'],
      [mobile, '2000'],
    ] as const) {
      const failed = await getWithdrawal(m, w.transaction_id);
      expect(failed).toMatchObject({ status: 'FAILED', completed_at: null, cancelled_at: null });
      expect(failed.failure_reason).toMatch(/9999/);
      expect(failed.failed_at).toMatch(TIMESTAMP);
      const t = await customerTransaction(m, w.transaction_id);
      expect(t).toMatchObject({ status: 'failed', completed_at: null });
      expect(t.failed_at).toMatch(TIMESTAMP);
      expect(await journal(w.transaction_id)).toEqual([
        `withdrawal: merchant_available debit ${minor}`,
        `withdrawal: payouts_in_flight credit ${minor}`,
        `reversal: payouts_in_flight debit ${minor}`,
        `reversal: merchant_available credit ${minor}`,
      ]);
      expect((await events(w.transaction_id)).map((e) => [e.event_type, e.data.status])).toEqual([
        ['withdrawal.created', 'PENDING'],
        ['withdrawal.processing', 'PROCESSING'],
        ['withdrawal.failed', 'FAILED'],
      ]);
      const cancel = await m.call(contract.cancelWithdrawal, {
        params: { transaction_id: w.transaction_id },
        body: { reason: 'x' },
      });
      expectStatus(cancel, 409);
      expectErrorShape(cancel.body, 'withdrawal_not_cancellable');
    }
    // Every cedi came back.
    expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0 });
    const statement = await m.ok(contract.listWalletTransactions, {
      query: { currency_code: 'GHS', transaction_type: 'reversal' },
    });
    expect(statement.body.data.map((l) => l.amount).sort()).toEqual([20, 30]);
    await expectReconciled(m.id);
  });
});
