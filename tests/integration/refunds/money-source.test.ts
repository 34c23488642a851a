import { afterAll, describe, expect, it } from 'vitest';
import { admin, newMerchant, paidCheckout, settleEverything, expectReconciled, wallet } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, refund, transaction, refundRows, refundedEvents, refundLines, merchantWithCushion } from './helpers';

afterAll(async () => {
  // Everything this file did, across every merchant, still reconciles.
  await expectReconciled();
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
