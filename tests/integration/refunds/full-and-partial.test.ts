import { afterAll, describe, expect, it } from 'vitest';
import { UUID } from '../../support/shapes';
import { newMerchant, paidCheckout, settleEverything, expectReconciled, wallet } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { refund, transaction, refundRows, refundedEvents, refundLines, merchantWithCushion } from './helpers';

afterAll(async () => {
  // Everything this file did, across every merchant, still reconciles.
  await expectReconciled();
});

describe('full refund of a settled deposit', () => {
  it('creates a completed refund linked to the deposit, debits available, updates the deposit and writes checkout.refunded', async () => {
    const m = await merchantWithCushion();
    const { checkout, deposit } = await paidCheckout(m, { amount: 20, meta_data: { order_id: 'A-17' } });
    await settleEverything(m.id);
    expect(await wallet(m)).toMatchObject({ available_balance: 119.8, holding_balance: 0, balance: 119.8 });

    const res = await refund(m, { transaction_id: deposit.transaction_id, reason: 'customer returned the goods' });
    expectStatus(res, 200, res.text);
    expect(res.body.status).toBe('success');
    const r = res.body.data;
    expect(r).toMatchObject({
      merchant_id: m.id,
      currency_id: deposit.currency_id,
      currency_code: 'GHS',
      transaction_type: 'refund',
      status: 'completed',
      amount: 20,
      fee_amount: 0,
      net_amount: 20,
      refunds_transaction_id: deposit.transaction_id,
      checkout_session_id: checkout.id,
      notes: 'customer returned the goods',
      customer_email: deposit.customer_email,
      payment_method: deposit.payment_method,
      external_reference: checkout.id,
      idempotency_key: null,
      is_duplicate: false,
      refunded_amount: null,
      failed_at: null,
    });
    expect(r.transaction_id).toMatch(UUID);
    expect(r.transaction_id).not.toBe(deposit.transaction_id);
    expect(r.completed_at).toEqual(expect.any(String));
    // Every field of spec 2.4 is present, on the refund as on the deposit.
    expect(Object.keys(r).sort()).toEqual(Object.keys(deposit).sort());

    // The refund is a customer transaction like any other: listed and readable.
    expect(await transaction(m, r.transaction_id)).toEqual(r);
    const refunds = await m.ok(contract.listCustomerTransactions, { query: { transaction_type: 'refund' } });
    expect(refunds.body.data.map((t) => t.transaction_id)).toEqual([r.transaction_id]);

    const after = await transaction(m, deposit.transaction_id);
    expect(after.refunded_amount).toBe(20);
    expect(after.amount).toBe(20);
    expect(after.status).toBe('completed');

    expect(await wallet(m)).toMatchObject({ available_balance: 99.8, holding_balance: 0, balance: 99.8 });
    expect(await refundLines(r.transaction_id)).toEqual(['merchant_available debit 2000', 'rail_clearing credit 2000']);

    const events = await refundedEvents(checkout.id);
    expect(events).toHaveLength(1);
    const data = events[0]!.data;
    expect(data).toMatchObject({
      id: checkout.id,
      merchant_id: m.id,
      amount: 20,
      currency_code: 'GHS',
      meta_data: { order_id: 'A-17' },
    });
    expect(data.refund).toMatchObject({
      transaction_id: r.transaction_id,
      transaction_type: 'refund',
      amount: 20,
      refunds_transaction_id: deposit.transaction_id,
      notes: 'customer returned the goods',
      deposit_transaction_id: deposit.transaction_id,
      deposit_refunded_amount: 20,
      fully_refunded: true,
    });

    // Nothing is left: a second refund, full or partial, is refused and changes nothing.
    for (const body of [
      { transaction_id: deposit.transaction_id, reason: 'again' },
      { transaction_id: deposit.transaction_id, amount: 1, reason: 'again' },
      { checkout_id: checkout.id, reason: 'again' },
    ]) {
      const again = await refund(m, body);
      expect(again.status, again.text).toBe(409);
      expectErrorShape(again.body, 'already_refunded');
    }
    expect(await refundRows(deposit.transaction_id)).toHaveLength(1);
    expect(await wallet(m)).toMatchObject({ available_balance: 99.8 });
    await expectReconciled(m.id);
  });

  it('refuses a full refund the wallet cannot cover (the fee is not returned): 409 insufficient_funds, nothing changes', async () => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 50 });
    await settleEverything(m.id);
    expect(await wallet(m)).toMatchObject({ available_balance: 49.5, holding_balance: 0 });
    const res = await refund(m, { transaction_id: deposit.transaction_id, reason: 'order cancelled' });
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'insufficient_funds');
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(0);
    expect(await refundRows(deposit.transaction_id)).toHaveLength(0);
    expect(await wallet(m)).toMatchObject({ available_balance: 49.5, holding_balance: 0 });
    // What the wallet holds can still go back.
    const partial = await refund(m, {
      transaction_id: deposit.transaction_id,
      amount: 49.5,
      reason: 'order cancelled',
    });
    expectStatus(partial, 200, partial.text);
    expect(await wallet(m)).toMatchObject({ available_balance: 0, holding_balance: 0 });
    await expectReconciled(m.id);
  });
});

describe('partial refunds', () => {
  it('add up to the deposit; more than what is left → 409 refund_exceeds_deposit; then already_refunded', async () => {
    const m = await merchantWithCushion();
    const { checkout, deposit } = await paidCheckout(m, { amount: 100 });
    await settleEverything(m.id);
    expect(await wallet(m)).toMatchObject({ available_balance: 199 });

    const first = await refund(m, { transaction_id: deposit.transaction_id, amount: 30.25, reason: 'one item' });
    expectStatus(first, 200, first.text);
    expect(first.body.data).toMatchObject({ amount: 30.25, net_amount: 30.25, fee_amount: 0 });
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(30.25);

    const second = await refund(m, { checkout_id: checkout.id, amount: 40, reason: 'second item' });
    expectStatus(second, 200, second.text);
    expect(second.body.data.refunds_transaction_id).toBe(deposit.transaction_id);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(70.25);

    const tooMuch = await refund(m, { transaction_id: deposit.transaction_id, amount: 29.76, reason: 'too much' });
    expect(tooMuch.status, tooMuch.text).toBe(409);
    expectErrorShape(tooMuch.body, 'refund_exceeds_deposit');
    expect(tooMuch.body.message).toContain('29.75');
    const wayTooMuch = await refund(m, { transaction_id: deposit.transaction_id, amount: 150, reason: 'too much' });
    expectStatus(wayTooMuch, 409);
    expectErrorShape(wayTooMuch.body, 'refund_exceeds_deposit');
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(70.25);

    // No amount: all that is left.
    const rest = await refund(m, { transaction_id: deposit.transaction_id, reason: 'the rest' });
    expectStatus(rest, 200, rest.text);
    expect(rest.body.data.amount).toBe(29.75);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(100);

    const none = await refund(m, { transaction_id: deposit.transaction_id, amount: 0.01, reason: 'nothing left' });
    expectStatus(none, 409);
    expectErrorShape(none.body, 'already_refunded');

    const rows = await refundRows(deposit.transaction_id);
    expect(rows.map((r) => r.amount).sort()).toEqual(['2975', '3025', '4000']);
    expect(await wallet(m)).toMatchObject({ available_balance: 99, holding_balance: 0 });

    const events = await refundedEvents(checkout.id);
    expect(events.map((e) => [e.data.refund.deposit_refunded_amount, e.data.refund.fully_refunded])).toEqual([
      [30.25, false],
      [70.25, false],
      [100, true],
    ]);
    await expectReconciled(m.id);
  });
});
