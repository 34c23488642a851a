import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../support/shapes';
import {
  newMerchant,
  paidCheckout,
  settleEverything,
  expectReconciled,
  wallet,
  customerTransaction,
  type Merchant,
} from '../support/fixtures';
import { testSql } from '../support/database';
import { runJobsNow } from '../support/jobs';
import { expectErrorShape, expectStatus, invalidFields, type BodyOf } from '../support/caller';

import { contract } from '../support/contract';

/**
 * Payouts (spec 4.9, docs/decisions/money-out.md): the merchant's money to a third party, through the same engine
 * as withdrawals, with a required payout_reason, lowercase statuses and a fee (defaults: bank transfer
 * 1.00 flat, mobile money 0.50 % half up). A settled checkout of 101.01 leaves exactly 100.00 available.
 */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const sql = testSql();

type PayoutBody = BodyOf<typeof contract.createPayout>;
const bankPayout = (amount: number, details: Record<string, unknown> = {}, over: Partial<PayoutBody> = {}) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'bank_transfer',
    recipient_details: {
      recipient_name: 'Ama Mensah',
      bank_account_number: '0011223344',
      bank_name: 'Stanbic',
      account_holder_name: 'Ama Mensah',
      ...details,
    },
    payout_reason: 'supplier invoice 118',
    ...over,
  }) satisfies PayoutBody;
const mobilePayout = (amount: number, details: Record<string, unknown> = {}, over: Partial<PayoutBody> = {}) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'mobile_money',
    recipient_details: {
      recipient_name: 'Kwame Boateng',
      mobile_number: '0244123456',
      network_provider: 'mtn_momo',
      ...details,
    },
    payout_reason: 'delivery commission',
    ...over,
  }) satisfies PayoutBody;
const bankWithdrawal = (amount: number) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'bank_transfer',
    recipient_details: {
      recipient_name: 'Shop',
      bank_account_number: '0123456789',
      bank_name: 'GCB',
      account_holder_name: 'Shop',
    },
  }) satisfies BodyOf<typeof contract.createWithdrawal>;

async function fundedMerchant(options: { name?: string } = {}) {
  const m = await newMerchant(options);
  await paidCheckout(m, { amount: 101.01 });
  await settleEverything(m.id);
  expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0 });
  return m;
}

async function initiate(m: Merchant, body: PayoutBody, headers: Record<string, string> = {}) {
  const res = await m.call(contract.createPayout, { body, headers });
  expectStatus(res, 200);
  expect(res.body).toMatchObject({ status: 'success', message: 'Payout initiated' });
  return res.body.data;
}

async function getPayout(m: Merchant, id: string) {
  const res = await m.call(contract.getPayout, { params: { transaction_id: id } });
  expectStatus(res, 200);
  expect(res.body.message).toBe('Payout retrieved');
  return res.body.data;
}

const events = (id: string) =>
  sql<{ event_type: string; resource_type: string; data: Record<string, unknown> }[]>`
    select event_type, resource_type, data from events where resource_id = ${id} order by sequence`;

async function journal(id: string) {
  const rows = await sql<{ line: string }[]>`
    select e.kind || ': ' || l.account || ' ' || l.direction || ' ' || l.amount::text || ' ' || l.purpose as line
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
     where e.customer_transaction_id = ${id}
     order by l.sequence`;
  return rows.map((r) => r.line);
}

const payoutRows = (merchantId: string) =>
  sql`select id from customer_transactions where merchant_id = ${merchantId} and transaction_type = 'payout'`;

async function expectUntouched(m: Merchant) {
  expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0, last_payout_at: null });
  expect(await payoutRows(m.id)).toHaveLength(0);
}

const pickUp = () => runJobsNow(['pick_up_payout']);
const railAnswers = () => runJobsNow(['sandbox_payout_outcome']);

describe('POST /api/v1/merchants/payouts: validation (422, nothing moves)', () => {
  it('payout_reason, payout_type and recipient_details are required; no saved accounts; recipient fields named by type', async () => {
    const m = await fundedMerchant();
    const { payout_reason: _r, ...noReason } = bankPayout(10);
    expect(invalidFields(await m.send(contract.createPayout, { body: noReason }))).toEqual(['payout_reason']);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), payout_reason: '' } })),
    ).toEqual(['payout_reason']);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), payout_reason: '  ' } })),
    ).toEqual(['payout_reason']);
    expect(
      invalidFields(
        await m.send(contract.createPayout, { body: { ...bankPayout(10), payout_reason: 'x'.repeat(501) } }),
      ),
    ).toEqual(['payout_reason']);
    const { payout_type: _t, ...noType } = bankPayout(10);
    expect(invalidFields(await m.send(contract.createPayout, { body: noType }))).toEqual(['payout_type']);
    const { recipient_details: _d, ...noDetails } = bankPayout(10);
    expect(invalidFields(await m.send(contract.createPayout, { body: noDetails }))).toEqual(['recipient_details']);
    // A payout goes to a third party: saved accounts are the merchant's own (withdrawals).
    expect(
      invalidFields(await m.send(contract.createPayout, { body: { ...noDetails, payment_account_id: UNKNOWN_ID } })),
    ).toEqual(['payment_account_id', 'recipient_details']);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: bankPayout(10, {}, { recipient_details: {} }) })),
    ).toEqual([
      'recipient_details.account_holder_name',
      'recipient_details.bank_account_number',
      'recipient_details.bank_name',
      'recipient_details.recipient_name',
    ]);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: mobilePayout(10, {}, { recipient_details: {} }) })),
    ).toEqual([
      'recipient_details.mobile_number',
      'recipient_details.network_provider',
      'recipient_details.recipient_name',
    ]);
    expect(
      invalidFields(
        await m.send(contract.createPayout, { body: mobilePayout(10, { network_provider: 'orange_money' }) }),
      ),
    ).toEqual(['recipient_details.network_provider']);
    expect(
      invalidFields(
        await m.send(contract.createPayout, { body: mobilePayout(10, { mobile_number: '+254712345678' }) }),
      ),
    ).toEqual(['recipient_details.mobile_number']);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: mobilePayout(10, { account_holder_name: 'K' }) })),
    ).toEqual(['recipient_details.account_holder_name']);
    for (const amount of [0, -1, 1.234, '5']) {
      expect(
        invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), amount } })),
        String(amount),
      ).toEqual(['amount']);
    }
    expect(
      invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), currency_code: 'ABC' } })),
    ).toEqual(['currency_code']);
    expect(invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), memo: 'x' } }))).toEqual([
      'memo',
    ]);
    const malformed = await m.send(contract.createPayout, { body: '{"amount": ' });
    expectStatus(malformed, 400);
    expectErrorShape(malformed.body, 'malformed_json');
    await expectUntouched(m);
  });
});

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

describe('payouts and withdrawals are kept apart', () => {
  it('each history lists only its own kind; GET and cancel across kinds → 404; both are customer transactions', async () => {
    const m = await fundedMerchant();
    const payout = await initiate(m, bankPayout(10));
    const withdrawalRes = await m.call(contract.createWithdrawal, { body: bankWithdrawal(10) });
    expectStatus(withdrawalRes, 200);
    const withdrawal = withdrawalRes.body.data;

    const payouts = await m.ok(contract.listPayouts);
    expect(payouts.body.message).toBe('Payouts retrieved');
    expect(payouts.body.data.map((p) => p.transaction_id)).toEqual([payout.transaction_id]);
    expect(payouts.body.pagination).toEqual({ total: 1, page: 1, size: 50, total_pages: 1, has_more: false });
    const withdrawals = await m.ok(contract.listWithdrawals);
    expect(withdrawals.body.data.map((w) => w.transaction_id)).toEqual([withdrawal.transaction_id]);
    expect(withdrawals.body.pagination.total).toBe(1);

    for (const res of [
      await m.call(contract.getWithdrawal, { params: { transaction_id: payout.transaction_id } }),
      await m.call(contract.getPayout, { params: { transaction_id: withdrawal.transaction_id } }),
      await m.call(contract.cancelWithdrawal, {
        params: { transaction_id: payout.transaction_id },
        body: { reason: 'x' },
      }),
      await m.call(contract.cancelPayout, {
        params: { transaction_id: withdrawal.transaction_id },
        body: { reason: 'x' },
      }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    expect((await getPayout(m, payout.transaction_id)).status).toBe('pending');
    expect(await wallet(m)).toMatchObject({ available_balance: 79 });

    const txs = await m.ok(contract.listCustomerTransactions, { query: { transaction_type: 'payout' } });
    expect(txs.body.data.map((t) => t.transaction_id)).toEqual([withdrawal.transaction_id, payout.transaction_id]);
    expect(txs.body.data.map((t) => t.payout_reason)).toEqual([null, 'supplier invoice 118']);
  });

  it('history: newest first, status filter in lowercase and uppercase, currency filter, pagination, size ≤ 100', async () => {
    const m = await fundedMerchant();
    const completed = await initiate(m, bankPayout(5));
    await pickUp();
    await railAnswers();
    const cancelled = await initiate(m, mobilePayout(6));
    expect(
      (
        await m.call(contract.cancelPayout, {
          params: { transaction_id: cancelled.transaction_id },
          body: { reason: 'dup' },
        })
      ).status,
    ).toBe(200);
    const pending = await initiate(m, bankPayout(7, { bank_account_number: '7788990011' }));

    const all = await m.ok(contract.listPayouts);
    expect(all.body.data.map((p) => [p.transaction_id, p.status])).toEqual([
      [pending.transaction_id, 'pending'],
      [cancelled.transaction_id, 'cancelled'],
      [completed.transaction_id, 'completed'],
    ]);
    expect(all.body.data[0]!.bank_account_number).toBe('******0011');
    for (const [status, expected] of [
      ['pending', pending],
      ['PENDING', pending],
      ['completed', completed],
      ['COMPLETED', completed],
      ['Cancelled', cancelled],
    ] as const) {
      const res = await m.call(contract.listPayouts, { query: { status } });
      expectStatus(res, 200);
      expect(
        res.body.data.map((p) => p.transaction_id),
        status,
      ).toEqual([expected.transaction_id]);
      expect(res.body.pagination).toEqual({ total: 1, page: 1, size: 50, total_pages: 1, has_more: false });
    }
    expect((await m.ok(contract.listPayouts, { query: { status: 'processing' } })).body.data).toEqual([]);
    expect((await m.ok(contract.listPayouts, { query: { currency_code: 'ghs' } })).body.pagination.total).toBe(3);
    expect((await m.ok(contract.listPayouts, { query: { currency_code: 'KES' } })).body).toMatchObject({
      data: [],
      pagination: { total: 0, total_pages: 0, has_more: false },
    });
    const page2 = await m.ok(contract.listPayouts, { query: { page: 2, size: 2 } });
    expect(page2.body.data.map((p) => p.transaction_id)).toEqual([completed.transaction_id]);
    expect(page2.body.pagination).toEqual({ total: 3, page: 2, size: 2, total_pages: 2, has_more: false });
    expect((await m.call(contract.listPayouts, { query: { size: 100 } })).status).toBe(200);
    expect(invalidFields(await m.send(contract.listPayouts, { query: { size: 101 } }))).toEqual(['size']);
    expect(invalidFields(await m.send(contract.listPayouts, { query: { page: 0 } }))).toEqual(['page']);
    expect(invalidFields(await m.send(contract.listPayouts, { query: { status: 'paid' } }))).toEqual(['status']);
    expect(invalidFields(await m.send(contract.listPayouts, { query: 'kind=payout' }))).toEqual(['kind']);
  });
});

describe('Idempotency-Key on payouts', () => {
  it('replays the first payout and charges once; the same key on withdrawals or with another body → 422', async () => {
    const m = await fundedMerchant();
    const key = { 'idempotency-key': 'payout-inv-118' };
    const first = await m.call(contract.createPayout, { body: bankPayout(20), headers: key });
    expectStatus(first, 200);
    const retry = await m.call(contract.createPayout, { body: bankPayout(20), headers: key });
    expectStatus(retry, 200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(first.body.data.idempotency_key).toBe('payout-inv-118');
    expect(await wallet(m)).toMatchObject({ available_balance: 79 });
    expect(await payoutRows(m.id)).toHaveLength(1);

    const other = await m.call(contract.createPayout, {
      body: bankPayout(20, {}, { payout_reason: 'another invoice' }),
      headers: key,
    });
    expectStatus(other, 422);
    expectErrorShape(other.body, 'idempotency_key_reused');
    const asWithdrawal = await m.call(contract.createWithdrawal, { body: bankWithdrawal(20), headers: key });
    expectStatus(asWithdrawal, 422);
    expectErrorShape(asWithdrawal.body, 'idempotency_key_reused');
    expect(await wallet(m)).toMatchObject({ available_balance: 79 });
    expect(await payoutRows(m.id)).toHaveLength(1);
    expect((await events(first.body.data.transaction_id)).map((e) => e.event_type)).toEqual(['payout.created']);

    // Keys belong to one merchant: another merchant's same key is a new payout of its own.
    const b = await fundedMerchant({ name: 'Shop B' });
    const replayedForA = await m.call(contract.createPayout, { body: bankPayout(20), headers: key });
    expect(replayedForA.body).toEqual(first.body);
    const bOwn = await b.call(contract.createPayout, { body: bankPayout(20), headers: key });
    expectStatus(bOwn, 200);
    expect(bOwn.headers.get('idempotent-replayed')).toBeNull();
    expect(bOwn.body.data.transaction_id).not.toBe(first.body.data.transaction_id);
    expect(bOwn.body.data.merchant_id).toBe(b.id);
    expect(await wallet(b)).toMatchObject({ available_balance: 79 });
    await expectReconciled(m.id);
    await expectReconciled(b.id);
  });
});

describe('tenant isolation', () => {
  it("B's payout history never contains A's; B cannot read or cancel A's payouts", async () => {
    const a = await fundedMerchant({ name: 'Shop A' });
    const b = await fundedMerchant({ name: 'Shop B' });
    const aPayout = await initiate(a, mobilePayout(10));
    const bPayout = await initiate(b, bankPayout(10));

    const bList = await b.ok(contract.listPayouts);
    expect(bList.body.data.map((p) => p.transaction_id)).toEqual([bPayout.transaction_id]);
    expect(bList.body.pagination.total).toBe(1);
    for (const status of ['pending', 'PENDING']) {
      const filtered = await b.ok(contract.listPayouts, { query: { status, currency_code: 'GHS' } });
      expect(filtered.body.data.map((p) => p.transaction_id)).toEqual([bPayout.transaction_id]);
    }
    const aList = await a.ok(contract.listPayouts);
    expect(aList.body.data.map((p) => p.transaction_id)).toEqual([aPayout.transaction_id]);

    for (const res of [
      await b.call(contract.getPayout, { params: { transaction_id: aPayout.transaction_id } }),
      await b.call(contract.cancelPayout, {
        params: { transaction_id: aPayout.transaction_id },
        body: { reason: 'not mine' },
      }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    expect((await getPayout(a, aPayout.transaction_id)).status).toBe('pending');
    expect(await wallet(a)).toMatchObject({ available_balance: 89.95 });
    expect(await wallet(b)).toMatchObject({ available_balance: 89 });
    expect((await events(aPayout.transaction_id)).map((e) => e.event_type)).toEqual(['payout.created']);
  });
});

describe('CFA francs: whole francs end to end', () => {
  it('XOF: a deposit settles, and mobile-money and bank payouts take fees to the franc', async () => {
    const m = await newMerchant();
    // 10,000 XOF by bank transfer: 1 % fee = 100 → 9,900 available once settled.
    await paidCheckout(m, { amount: 10_000, currency_code: 'XOF' });
    await settleEverything(m.id);
    expect(await wallet(m, 'XOF')).toMatchObject({ available_balance: 9_900, holding_balance: 0 });

    // Orange Money in Senegal: 0.5 % of 1,001 = 5.005 → 5; the number needs its +221 (XOF spans countries).
    const local = await m.send(contract.createPayout, {
      body: mobilePayout(
        1_001,
        { mobile_number: '77 123 45 67', network_provider: 'orange_money' },
        { currency_code: 'XOF' },
      ),
    });
    expect(invalidFields(local)).toEqual(['recipient_details.mobile_number']);
    const mobile = await initiate(
      m,
      mobilePayout(
        1_001,
        { mobile_number: '+221 77 123 45 67', network_provider: 'orange_money' },
        { currency_code: 'XOF' },
      ),
    );
    expect(mobile).toMatchObject({
      amount: 1_006,
      fee_amount: 5,
      net_amount: 1_001,
      mobile_number: '+221771234567',
      currency_code: 'XOF',
    });
    // A bank payout's flat fee is 100 minor units: 100 francs here.
    const bank = await initiate(m, bankPayout(500, {}, { currency_code: 'XOF' }));
    expect(bank).toMatchObject({ amount: 600, fee_amount: 100, net_amount: 500 });
    // A fraction of a franc is refused.
    expect(
      invalidFields(await m.send(contract.createPayout, { body: bankPayout(500.5, {}, { currency_code: 'XOF' }) })),
    ).toEqual(['amount']);

    expect(await wallet(m, 'XOF')).toMatchObject({ available_balance: 9_900 - 1_006 - 600 });
    const rows = await sql`select amount::text, fee_amount::text, net_amount::text from customer_transactions
                            where merchant_id = ${m.id} and transaction_type = 'payout' order by created_at`;
    expect(rows.map((r) => [r.amount, r.fee_amount, r.net_amount])).toEqual([
      ['1006', '5', '1001'],
      ['600', '100', '500'],
    ]);
    await expectReconciled(m.id);
  });
});
