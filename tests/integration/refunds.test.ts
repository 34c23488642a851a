import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { UUID } from '../support/shapes';
import {
  admin,
  minimalCheckout,
  newMerchant,
  paidCheckout,
  settleEverything,
  expectReconciled,
  wallet,
  type Merchant,
} from '../support/fixtures';
import { testSql } from '../support/database';
import { expectErrorShape, expectStatus, fieldErrors, invalidFields, type BodyOf } from '../support/caller';

import { contract } from '../support/contract';
import type { EventData } from '../../lib/notifications/events/catalog';

/**
 * POST /api/v1/merchants/wallet/refunds (issue 4, "Refunds"). Deposits are paid by sandbox bank
 * transfer, whose default fee is 1.00 % (half up): 101.01 pays 100.00 net, 100.00 pays 99.00 net,
 * 50.00 pays 49.50 net. The deposit's fee is not returned, so a refund of a deposit's full amount needs
 * more than that deposit's net in the wallet.
 */
const sql = testSql();

const refund = (m: Merchant, body: BodyOf<typeof contract.createRefund>, headers: Record<string, string> = {}) =>
  m.call(contract.createRefund, { body, headers });
/** A body the contract refuses, sent as is. */
const refuse = (m: Merchant, body: unknown) => m.send(contract.createRefund, { body });

async function transaction(m: Merchant, id: string) {
  const res = await m.call(contract.getCustomerTransaction, { params: { transaction_id: id } });
  expectStatus(res, 200);
  return res.body.data;
}

async function refundRows(depositId: string) {
  return sql<{ id: string; amount: string }[]>`
    select id, amount::text from customer_transactions where refunds_transaction_id = ${depositId} and transaction_type = 'refund'`;
}

async function refundedEvents(checkoutId: string) {
  return sql<{ data: EventData['checkout.refunded'] }[]>`
    select data from events where resource_id = ${checkoutId} and event_type = 'checkout.refunded' order by sequence`;
}

/** Journal lines of the refund's entry, as `account direction amount` (minor units). */
async function refundLines(refundId: string) {
  const rows = await sql<{ line: string }[]>`
    select l.account || ' ' || l.direction || ' ' || l.amount::text as line
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
     where e.customer_transaction_id = ${refundId} and e.kind = 'refund'
     order by l.account, l.direction`;
  return rows.map((r) => r.line);
}

/** A merchant with 100.00 GHS available (one settled deposit of 101.01). */
async function merchantWithCushion() {
  const m = await newMerchant();
  await paidCheckout(m, { amount: 101.01 });
  await settleEverything(m.id);
  expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0 });
  return m;
}

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

describe('where the money comes from', () => {
  it('an unsettled deposit is refunded from holding', async () => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 50 });
    expect(await wallet(m)).toMatchObject({ available_balance: 0, holding_balance: 49.5 });
    const res = await refund(m, { transaction_id: deposit.transaction_id, amount: 10, reason: 'size swap' });
    expectStatus(res, 200, res.text);
    expect(await wallet(m)).toMatchObject({ available_balance: 0, holding_balance: 39.5, balance: 39.5 });
    expect(await refundLines(res.body.data.transaction_id)).toEqual([
      'merchant_holding debit 1000',
      'rail_clearing credit 1000',
    ]);

    // Settlement later moves only what is left in holding.
    await settleEverything(m.id);
    expect(await wallet(m)).toMatchObject({ available_balance: 39.5, holding_balance: 0 });
    await expectReconciled(m.id);
  });

  it('a deposit partly refunded from holding settles only what is left of it; a later deposit stays in holding', async () => {
    const m = await newMerchant();
    const a = await paidCheckout(m, { amount: 100 });
    const b = await paidCheckout(m, { amount: 100 });
    // A is two days old (due for settlement), B is new (not due until tomorrow).
    await sql`update customer_transactions set completed_at = now() - interval '2 days' where id = ${a.deposit.transaction_id}`;
    expect(await wallet(m)).toMatchObject({ available_balance: 0, holding_balance: 198 });

    const res = await refund(m, { transaction_id: a.deposit.transaction_id, amount: 50, reason: 'half the order' });
    expectStatus(res, 200, res.text);
    expect(await wallet(m)).toMatchObject({ available_balance: 0, holding_balance: 148 });

    const run = await admin().call(contract.runSettlement, {
      body: {
        as_of: new Date().toISOString(),
        merchant_id: m.id,
      },
    });
    expectStatus(run, 200);
    expect((await transaction(m, a.deposit.transaction_id)).settlement_status).toBe('settled');
    expect((await transaction(m, b.deposit.transaction_id)).settlement_status).toBe('unsettled');
    // A's 99.00 net less the 50.00 refunded out of holding becomes available; B's 99.00 is not due yet.
    expect(await wallet(m)).toMatchObject({ available_balance: 49, holding_balance: 99, balance: 148 });
    await expectReconciled(m.id);
  });

  it('available first, then holding', async () => {
    const m = await merchantWithCushion(); // deposit A 101.01 → 100.00 available
    const [a] = await sql<{ id: string }[]>`
      select id from customer_transactions where merchant_id = ${m.id} and transaction_type = 'deposit'`;
    await paidCheckout(m, { amount: 50 }); // unsettled: 49.50 in holding
    expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 49.5, balance: 149.5 });

    const res = await refund(m, { transaction_id: a!.id, reason: 'whole order cancelled' });
    expectStatus(res, 200, res.text);
    expect(res.body.data.amount).toBe(101.01);
    expect(await wallet(m)).toMatchObject({ available_balance: 0, holding_balance: 48.49, balance: 48.49 });
    expect(await refundLines(res.body.data.transaction_id)).toEqual([
      'merchant_available debit 10000',
      'merchant_holding debit 101',
      'rail_clearing credit 10101',
    ]);
    // The wallet statement shows the refund as two movements, each with the balance after it.
    const statement = await m.call(contract.listWalletTransactions, { query: { transaction_type: 'refund' } });
    expectStatus(statement, 200);
    expect(
      statement.body.data
        .map((l) => ({
          balance_type: l.balance_type,
          amount: l.amount,
          balance_after: l.balance_after,
          id: l.customer_transaction_id,
        }))
        .sort((x, y) => x.balance_type.localeCompare(y.balance_type)),
    ).toEqual([
      { balance_type: 'available', amount: -100, balance_after: 0, id: res.body.data.transaction_id },
      { balance_type: 'holding', amount: -1.01, balance_after: 48.49, id: res.body.data.transaction_id },
    ]);
    await expectReconciled(m.id);
  });

  it('not enough in the wallet (the money was converted away) → 409 insufficient_funds and nothing changes', async () => {
    const m = await merchantWithCushion();
    const [deposit] = await sql<{ id: string; checkout_session_id: string }[]>`
      select id, checkout_session_id from customer_transactions where merchant_id = ${m.id} and transaction_type = 'deposit'`;
    const quote = await m.call(contract.createConversionQuote, {
      body: {
        from_currency: 'GHS',
        to_currency: 'USD',
        amount: 95,
      },
    });
    expectStatus(quote, 200);
    const converted = await m.call(contract.convertCurrency, {
      body: {
        quote_id: quote.body.data.quote_id,
        idempotency_key: 'conv-1',
      },
    });
    expectStatus(converted, 200);
    expect(await wallet(m)).toMatchObject({ available_balance: 5, holding_balance: 0 });

    const eventsBefore = (await refundedEvents(deposit!.checkout_session_id)).length;
    const res = await refund(m, { transaction_id: deposit!.id, amount: 10, reason: 'late return' });
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'insufficient_funds');
    expect(res.body.message).toContain('5 GHS');
    expect(await wallet(m)).toMatchObject({ available_balance: 5, holding_balance: 0 });
    expect((await transaction(m, deposit!.id)).refunded_amount).toBe(0);
    expect(await refundRows(deposit!.id)).toHaveLength(0);
    expect(await refundedEvents(deposit!.checkout_session_id)).toHaveLength(eventsBefore);

    // What is there can still be refunded.
    const ok = await refund(m, { transaction_id: deposit!.id, amount: 5, reason: 'late return' });
    expectStatus(ok, 200, ok.text);
    expect(await wallet(m)).toMatchObject({ available_balance: 0 });
    await expectReconciled(m.id);
  });

  it('a frozen wallet refuses refunds (409 wallet_frozen) until it is active again', async () => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 50 });
    expect(
      (await m.call(contract.updateWalletStatus, { params: { currency_code: 'GHS' }, body: { status: 'frozen' } }))
        .status,
    ).toBe(200);
    const res = await refund(m, { transaction_id: deposit.transaction_id, amount: 5, reason: 'frozen' });
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'wallet_frozen');
    expect(await refundRows(deposit.transaction_id)).toHaveLength(0);
    expect(
      (await m.call(contract.updateWalletStatus, { params: { currency_code: 'GHS' }, body: { status: 'active' } }))
        .status,
    ).toBe(200);
    expect((await refund(m, { transaction_id: deposit.transaction_id, amount: 5, reason: 'active' })).status).toBe(200);
  });
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

describe('Idempotency-Key', () => {
  it('the same key and body replay the same refund; another body → 422; one refund row, one event', async () => {
    const m = await newMerchant();
    const { checkout, deposit } = await paidCheckout(m, { amount: 30 });
    const key = `refund-${crypto.randomUUID()}`;
    const body = { transaction_id: deposit.transaction_id, amount: 5, reason: 'damaged' };

    const first = await refund(m, body, { 'idempotency-key': key });
    expectStatus(first, 200, first.text);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.data.idempotency_key).toBe(key);

    const again = await refund(
      m,
      { reason: 'damaged', amount: 5, transaction_id: deposit.transaction_id },
      { 'idempotency-key': key },
    );
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);

    const other = await refund(m, { ...body, amount: 6 }, { 'idempotency-key': key });
    expectStatus(other, 422);
    expectErrorShape(other.body, 'idempotency_key_reused');

    expect(await refundRows(deposit.transaction_id)).toHaveLength(1);
    expect(await refundedEvents(checkout.id)).toHaveLength(1);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(5);
    expect(await wallet(m)).toMatchObject({ holding_balance: 24.7 });

    // A new key is a new refund.
    const next = await refund(m, body, { 'idempotency-key': `${key}-2` });
    expectStatus(next, 200);
    expect(next.body.data.transaction_id).not.toBe(first.body.data.transaction_id);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(10);
  });

  it('10 parallel requests with one key make one refund; the rest replay it or get 409 idempotency_key_in_use', async () => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 30 });
    const key = `refund-${crypto.randomUUID()}`;
    const body = { transaction_id: deposit.transaction_id, amount: 2, reason: 'parallel retry' };
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(m, body, { 'idempotency-key': key })));
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const ok = results.filter((r) => r.ok);
    expect(new Set(ok.map((r) => r.body.data.transaction_id)).size).toBe(1);
    expect(ok.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'idempotency_key_in_use');
    expect(await refundRows(deposit.transaction_id)).toHaveLength(1);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(2);
  });

  it('a refused refund is not stored: a corrected retry with the same key succeeds', async () => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 30 });
    const key = `refund-${crypto.randomUUID()}`;
    const tooMuch = await refund(
      m,
      { transaction_id: deposit.transaction_id, amount: 31, reason: 'x' },
      { 'idempotency-key': key },
    );
    expectStatus(tooMuch, 409);
    expectErrorShape(tooMuch.body, 'refund_exceeds_deposit');
    const ok = await refund(
      m,
      { transaction_id: deposit.transaction_id, amount: 3, reason: 'x' },
      { 'idempotency-key': key },
    );
    expectStatus(ok, 200, ok.text);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
    expect(await refundRows(deposit.transaction_id)).toHaveLength(1);
  });
});

describe('concurrency (real PostgreSQL)', () => {
  it('50 parallel refunds of 3.00 of a 100.00 deposit: exactly 33 succeed, the rest 409, never a 5xx', async () => {
    const m = await merchantWithCushion();
    const { checkout, deposit } = await paidCheckout(m, { amount: 100 });
    await settleEverything(m.id);
    expect(await wallet(m)).toMatchObject({ available_balance: 199 });

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        refund(m, { transaction_id: deposit.transaction_id, amount: 3, reason: `item ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(33);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'refund_exceeds_deposit');

    const rows = await refundRows(deposit.transaction_id);
    expect(rows).toHaveLength(33);
    const total = rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
    expect(total).toBe(9900n);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(99);
    expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0 });
    expect(await refundedEvents(checkout.id)).toHaveLength(33);

    const last = await refund(m, { transaction_id: deposit.transaction_id, reason: 'the last 1.00' });
    expectStatus(last, 200);
    expect(last.body.data.amount).toBe(1);
    await expectReconciled(m.id);
  });

  it('refunds racing a settlement run: each deposit settled once, the books balance, nothing negative', async () => {
    const m = await newMerchant();
    const deposits = [];
    for (let i = 0; i < 3; i++) deposits.push((await paidCheckout(m, { amount: 100 })).deposit);
    expect(await wallet(m)).toMatchObject({ holding_balance: 297, available_balance: 0 });
    const results = await Promise.all([
      ...deposits.flatMap((d) =>
        Array.from({ length: 5 }, () => refund(m, { transaction_id: d.transaction_id, amount: 7, reason: 'race' })),
      ),
      settleEverything(m.id).then(() => ({ status: 200 })),
      ...deposits.map((d) => refund(m, { transaction_id: d.transaction_id, amount: 7, reason: 'race' })),
    ]);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const settled = await sql<{ n: number }[]>`
      select count(*)::int as n from customer_transactions where merchant_id = ${m.id} and transaction_type = 'deposit' and settlement_status = 'settled'`;
    expect(settled[0]!.n).toBe(3);
    // 18 refunds of 7.00 = 126.00 out of 297.00.
    const w = await wallet(m);
    expect(w.balance).toBe(171);
    expect(w.holding_balance).toBeGreaterThanOrEqual(0);
    expect(w.available_balance).toBeGreaterThanOrEqual(0);
    await expectReconciled(m.id);
  });

  it('parallel refunds of two deposits sharing a short wallet: limited by each deposit and by the wallet, never negative', async () => {
    const m = await newMerchant();
    const one = await paidCheckout(m, { amount: 100 });
    const two = await paidCheckout(m, { amount: 100 });
    expect(await wallet(m)).toMatchObject({ holding_balance: 198 });

    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => [
        refund(m, { transaction_id: one.deposit.transaction_id, amount: 10, reason: `one ${i}` }),
        refund(m, { checkout_id: two.checkout.id, amount: 10, reason: `two ${i}` }),
      ]).flat(),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    // 20 refunds of 10.00 would fit the deposits (2 × 100.00) but not the wallet (198.00): 19 succeed.
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const codes = new Set(results.flatMap((r) => (r.ok ? [] : [r.body.error.code])));

    for (const code of codes)
      expect(['refund_exceeds_deposit', 'already_refunded', 'insufficient_funds']).toContain(code);

    const refunded1 = BigInt(Math.round((await transaction(m, one.deposit.transaction_id)).refunded_amount! * 100));
    const refunded2 = BigInt(Math.round((await transaction(m, two.deposit.transaction_id)).refunded_amount! * 100));
    expect(refunded1).toBeLessThanOrEqual(10000n);
    expect(refunded2).toBeLessThanOrEqual(10000n);
    expect(refunded1 + refunded2).toBe(19000n);
    expect(await wallet(m)).toMatchObject({ holding_balance: 8, available_balance: 0 });
    await expectReconciled(m.id);
  });
});
