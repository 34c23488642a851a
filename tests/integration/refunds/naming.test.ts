import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { minimalCheckout, newMerchant, paidCheckout, expectReconciled, wallet } from '../../support/fixtures';
import { expectErrorShape, expectStatus, fieldErrors, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, refund, refuse, transaction, refundRows, refundedEvents } from './helpers';

afterAll(async () => {
  // Everything this file did, across every merchant, still reconciles.
  await expectReconciled();
});

describe('naming the deposit', () => {
  it("by checkout_id refunds the checkout's deposit; a duplicate deposit is refunded by its transaction_id", async () => {
    const m = await newMerchant();
    const { checkout, deposit } = await paidCheckout(m, { amount: 40, scenario: 'duplicate' });
    const [duplicate] = await sql<{ id: string }[]>`
      select id from customer_transactions where checkout_session_id = ${checkout.id} and transaction_type = 'deposit' and is_duplicate`;
    expect(duplicate).toBeDefined();
    expect(await wallet(m)).toMatchObject({ holding_balance: 79.2 });

    const dup = await refund(m, { transaction_id: duplicate!.id, reason: 'paid twice' });
    expectStatus(dup, 200, dup.text);
    expect(dup.body.data).toMatchObject({
      amount: 40,
      refunds_transaction_id: duplicate!.id,
      checkout_session_id: checkout.id,
    });
    expect((await transaction(m, duplicate!.id)).refunded_amount).toBe(40);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(0);

    const byCheckout = await refund(m, { checkout_id: checkout.id, amount: 12.5, reason: 'partial' });
    expectStatus(byCheckout, 200, byCheckout.text);
    expect(byCheckout.body.data.refunds_transaction_id).toBe(deposit.transaction_id);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(12.5);
    expect((await transaction(m, duplicate!.id)).refunded_amount).toBe(40);
    expect(await wallet(m)).toMatchObject({ holding_balance: 26.7 });

    const events = await refundedEvents(checkout.id);
    expect(events.map((e) => e.data.refund.deposit_transaction_id)).toEqual([duplicate!.id, deposit.transaction_id]);
    await expectReconciled(m.id);
  });

  it('needs exactly one of transaction_id and checkout_id (422)', async () => {
    const m = await newMerchant();
    const { checkout, deposit } = await paidCheckout(m, { amount: 10 });
    const both = await refund(m, { transaction_id: deposit.transaction_id, checkout_id: checkout.id, reason: 'x' });
    const neither = await refund(m, { amount: 1, reason: 'x' });
    expect(
      [...invalidFields(both), ...invalidFields(neither)].every((f) => f === 'transaction_id' || f === 'checkout_id'),
    ).toBe(true);
    expect(await refundRows(deposit.transaction_id)).toHaveLength(0);
  });

  it("unknown, malformed or another merchant's ids → 404 or 422", async () => {
    const m = await newMerchant();
    const other = await newMerchant({ name: 'Other' });
    const { checkout, deposit } = await paidCheckout(other, { amount: 10 });

    for (const body of [
      { transaction_id: crypto.randomUUID(), reason: 'x' },
      { checkout_id: crypto.randomUUID(), reason: 'x' },
      { transaction_id: deposit.transaction_id, reason: 'x' },
      { checkout_id: checkout.id, reason: 'x' },
    ]) {
      const res = await refund(m, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    for (const body of [
      { transaction_id: 'nope', reason: 'x' },
      { checkout_id: '123', reason: 'x' },
    ]) {
      const res = await refund(m, body);
      expectStatus(res, 422);
      expectErrorShape(res.body, 'validation_error');
    }
    expect(await refundRows(deposit.transaction_id)).toHaveLength(0);
  });

  it('a checkout that is not paid → 409 checkout_not_paid', async () => {
    const m = await newMerchant();
    const created = await m.call(contract.createCheckout, { body: minimalCheckout });
    expectStatus(created, 200);
    const res = await refund(m, { checkout_id: created.body.data.id, reason: 'never paid' });
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'checkout_not_paid');
    expect(res.body.message).toContain('pending');

    expect((await m.call(contract.cancelCheckout, { params: { checkout_id: created.body.data.id } })).status).toBe(200);
    const cancelled = await refund(m, { checkout_id: created.body.data.id, amount: 1, reason: 'never paid' });
    expectStatus(cancelled, 409);
    expectErrorShape(cancelled.body, 'checkout_not_paid');
  });

  it('refunding a refund → 409 not_a_deposit', async () => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 10 });
    const first = await refund(m, { transaction_id: deposit.transaction_id, amount: 2, reason: 'x' });
    expectStatus(first, 200);
    const res = await refund(m, {
      transaction_id: first.body.data.transaction_id,
      amount: 1,
      reason: 'refund the refund',
    });
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'not_a_deposit');
    expect(await refundRows(first.body.data.transaction_id)).toHaveLength(0);
  });
});

describe('validation', () => {
  it.each([
    ['amount with 3 decimals', { amount: 1.234, reason: 'x' }, 'amount'],
    ['amount 0', { amount: 0, reason: 'x' }, 'amount'],
    ['negative amount', { amount: -5, reason: 'x' }, 'amount'],
    ['amount as a string', { amount: '5', reason: 'x' }, 'amount'],
    ['reason missing', { amount: 1 }, 'reason'],
    ['reason blank', { amount: 1, reason: '   ' }, 'reason'],
    ['reason too long', { amount: 1, reason: 'r'.repeat(501) }, 'reason'],
    ['an unknown field', { amount: 1, reason: 'x', currency_code: 'GHS' }, 'currency_code'],
  ])('%s → 422 naming the field, nothing refunded', async (_label, extra, field) => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 10 });
    const res = await refuse(m, { transaction_id: deposit.transaction_id, ...extra });
    expect(fieldErrors(res).map((f) => f.field)).toContain(field);
    expect(await refundRows(deposit.transaction_id)).toHaveLength(0);
    expect(await wallet(m)).toMatchObject({ holding_balance: 9.9 });
  });
  it('an invalid amount is a 422 before any business rule: unknown deposit, fully refunded deposit', async () => {
    const m = await newMerchant();
    await paidCheckout(m, { amount: 10 }); // so the wallet can cover a full refund of the next one
    const { deposit } = await paidCheckout(m, { amount: 10 });
    const all = await refund(m, { transaction_id: deposit.transaction_id, reason: 'all' });
    expectStatus(all, 200, all.text);
    for (const body of [
      { transaction_id: crypto.randomUUID(), amount: 1.234, reason: 'x' },
      { transaction_id: deposit.transaction_id, amount: 1.234, reason: 'x' },
      { transaction_id: deposit.transaction_id, amount: -1, reason: 'x' },
    ]) {
      const res = await refund(m, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(422);
      expectErrorShape(res.body, 'validation_error');
      expect(res.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['amount']);
    }
  });
});
