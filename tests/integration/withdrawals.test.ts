import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../support/shapes';
import {
  admin,
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
import { resetConfigForTests } from '../../lib/platform/config';
import { DEFAULT_FEE_SCHEDULE } from '../../lib/platform/settings/fee-schedule';
import { expectErrorShape, expectStatus, fieldErrors, invalidFields, type BodyOf } from '../support/caller';
import { contract } from '../support/contract';

/**
 * Withdrawals (spec 4.8, docs/decisions/money-out.md): the merchant's money to the merchant's own account, from
 * the wallet's available balance. The sandbox payout rail moves them on: runJobsNow(['pick_up_payout'])
 * is PENDING → PROCESSING, runJobsNow(['sandbox_payout_outcome']) is PROCESSING → COMPLETED or FAILED (a
 * destination ending in 9999 fails). Deposits are paid by sandbox bank transfer (fee 1.00 %): 101.01
 * pays 100.00 net, so a settled checkout of 101.01 leaves exactly 100.00 available.
 */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The response fields of a withdrawal or payout (docs/decisions/money-out.md), in order. */
const PAYOUT_FIELDS = [
  'transaction_id',
  'merchant_id',
  'kind',
  'status',
  'amount',
  'fee_amount',
  'net_amount',
  'currency_code',
  'payment_account_id',
  'payout_type',
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'bank_account_number',
  'bank_routing_number',
  'bank_name',
  'account_holder_name',
  'mobile_number',
  'network_provider',
  'payout_reason',
  'notes',
  'provider',
  'provider_reference',
  'failure_reason',
  'cancellation_reason',
  'idempotency_key',
  'created_at',
  'updated_at',
  'processing_at',
  'completed_at',
  'failed_at',
  'cancelled_at',
];

const sql = testSql();

const bankDetails = (over: Record<string, unknown> = {}) => ({
  recipient_name: 'Test Shop Ltd',
  bank_account_number: '0123456789',
  bank_name: 'GCB Bank',
  account_holder_name: 'Test Shop Ltd',
  ...over,
});
type WithdrawalBody = BodyOf<typeof contract.createWithdrawal>;
const bankWithdrawal = (amount: number, details: Record<string, unknown> = {}, over: Partial<WithdrawalBody> = {}) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'bank_transfer',
    recipient_details: bankDetails(details),
    ...over,
  }) satisfies WithdrawalBody;
const mobileWithdrawal = (amount: number, details: Record<string, unknown> = {}, over: Partial<WithdrawalBody> = {}) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'mobile_money',
    recipient_details: {
      recipient_name: 'Test Shop',
      mobile_number: '024 412 3456',
      network_provider: 'mtn_momo',
      ...details,
    },
    ...over,
  }) satisfies WithdrawalBody;

/** A merchant with exactly 100.00 available in each currency given (settled deposits of 101.01). */
async function fundedMerchant(currencies: string[] = ['GHS'], options: { name?: string } = {}) {
  const m = await newMerchant(options);
  for (const currency_code of currencies) await paidCheckout(m, { amount: 101.01, currency_code });
  await settleEverything(m.id);
  for (const code of currencies)
    expect(await wallet(m, code)).toMatchObject({ available_balance: 100, holding_balance: 0 });
  return m;
}

async function initiate(m: Merchant, body: WithdrawalBody, headers: Record<string, string> = {}) {
  const res = await m.call(contract.createWithdrawal, { body, headers });
  expectStatus(res, 200);
  expect(res.body).toMatchObject({ status: 'success', message: 'Withdrawal initiated' });
  return res.body.data;
}

async function getWithdrawal(m: Merchant, id: string) {
  const res = await m.call(contract.getWithdrawal, { params: { transaction_id: id } });
  expectStatus(res, 200);
  expect(res.body.message).toBe('Withdrawal retrieved');
  return res.body.data;
}

const events = (id: string) =>
  sql<{ event_type: string; resource_type: string; merchant_id: string; data: Record<string, unknown> }[]>`
    select event_type, resource_type, merchant_id, data from events where resource_id = ${id} order by sequence`;

/** The journal lines of a transaction, as `kind: account direction amount` (minor units), in order. */
async function journal(id: string) {
  const rows = await sql<{ line: string }[]>`
    select e.kind || ': ' || l.account || ' ' || l.direction || ' ' || l.amount::text as line
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
     where e.customer_transaction_id = ${id}
     order by l.sequence`;
  return rows.map((r) => r.line);
}

async function transactionRows(merchantId: string) {
  return sql<Record<string, unknown>[]>`
    select id, status, payout_status, payout_kind, amount::text, fee_amount::text, net_amount::text
      from customer_transactions where merchant_id = ${merchantId} and transaction_type = 'payout' order by created_at, id`;
}

/** Refused and nothing moved: 100.00 still available, no payout rows, no withdrawal events. */
async function expectUntouched(m: Merchant, code = 'GHS') {
  expect(await wallet(m, code)).toMatchObject({ available_balance: 100, holding_balance: 0, last_payout_at: null });
  expect(await transactionRows(m.id)).toEqual([]);
  const [row] =
    await sql`select count(*)::int as n from events where merchant_id = ${m.id} and event_type like 'withdrawal.%'`;
  expect(row!.n).toBe(0);
}

const pickUp = () => runJobsNow(['pick_up_payout']);
const railAnswers = () => runJobsNow(['sandbox_payout_outcome']);

describe('POST /api/v1/merchants/withdrawals: validation (422, nothing moves)', () => {
  it('takes exactly one of payment_account_id or payout_type + recipient_details', async () => {
    const m = await fundedMerchant();
    const account = await m.call(contract.createPaymentAccount, {
      body: {
        currency_code: 'GHS',
        account_type: 'bank_account',
        account_number: '0123456789',
        bank_name: 'GCB',
        account_holder_name: 'Test Shop',
      },
    });
    expectStatus(account, 200);
    const both = await m.send(contract.createWithdrawal, {
      body: { ...bankWithdrawal(10), payment_account_id: account.body.data.id },
    });
    expect(invalidFields(both)).toEqual(['payment_account_id']);
    expect(fieldErrors(both)[0]!.message).toMatch(/exactly one of payment_account_id or payout_type/);
    const neither = await m.send(contract.createWithdrawal, { body: { amount: 10, currency_code: 'GHS' } });
    expect(invalidFields(neither)).toEqual(['payout_type']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, {
          body: { amount: 10, currency_code: 'GHS', payout_type: 'bank_transfer' },
        }),
      ),
    ).toEqual(['recipient_details']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, {
          body: { amount: 10, currency_code: 'GHS', recipient_details: bankDetails() },
        }),
      ),
    ).toEqual(['payout_type']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), payout_type: 'cash' } })),
    ).toEqual(['payout_type']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, {
          body: { ...bankWithdrawal(10), recipient_details: 'GCB 0123456789' },
        }),
      ),
    ).toEqual(['recipient_details']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, {
          body: { amount: 10, currency_code: 'GHS', payment_account_id: 'acct-1' },
        }),
      ),
    ).toEqual(['payment_account_id']);
    await expectUntouched(m);
  });

  it('names each missing or wrong recipient field by type (recipient_details.<field>)', async () => {
    const m = await fundedMerchant();
    const post = (body: unknown) => m.send(contract.createWithdrawal, { body });
    expect(
      invalidFields(
        await post({ amount: 10, currency_code: 'GHS', payout_type: 'bank_transfer', recipient_details: {} }),
      ),
    ).toEqual([
      'recipient_details.account_holder_name',
      'recipient_details.bank_account_number',
      'recipient_details.bank_name',
      'recipient_details.recipient_name',
    ]);
    expect(
      invalidFields(
        await post({ amount: 10, currency_code: 'GHS', payout_type: 'mobile_money', recipient_details: {} }),
      ),
    ).toEqual([
      'recipient_details.mobile_number',
      'recipient_details.network_provider',
      'recipient_details.recipient_name',
    ]);
    const { bank_name: _b, ...noBankName } = bankDetails();
    expect(
      invalidFields(
        await post({ amount: 10, currency_code: 'GHS', payout_type: 'bank_transfer', recipient_details: noBankName }),
      ),
    ).toEqual(['recipient_details.bank_name']);
    // The other type's fields are refused, each named as any unknown field is.
    const mixed = await post(mobileWithdrawal(10, { bank_name: 'GCB' }));
    expect(invalidFields(mixed)).toEqual(['recipient_details.bank_name']);
    expect(fieldErrors(mixed)[0]!.message).toBe('unknown field');
    expect(invalidFields(await post(bankWithdrawal(10, { mobile_number: '0244123456' })))).toEqual([
      'recipient_details.mobile_number',
    ]);
    // Values checked too.
    expect(invalidFields(await post(bankWithdrawal(10, { recipient_email: 'not-an-email' })))).toEqual([
      'recipient_details.recipient_email',
    ]);
    expect(invalidFields(await post(bankWithdrawal(10, { bank_account_number: '12' })))).toEqual([
      'recipient_details.bank_account_number',
    ]);
    expect(invalidFields(await post(mobileWithdrawal(10, { network_provider: 'airtel' })))).toEqual([
      'recipient_details.network_provider',
    ]);
    expect(invalidFields(await post(mobileWithdrawal(10, { network_provider: 'mpesa' })))).toEqual([
      'recipient_details.network_provider',
    ]);
    expect(invalidFields(await post(mobileWithdrawal(10, { mobile_number: '12345' })))).toEqual([
      'recipient_details.mobile_number',
    ]);
    expect(invalidFields(await post(mobileWithdrawal(10, { mobile_number: '+254712345678' })))).toEqual([
      'recipient_details.mobile_number',
    ]);
    await expectUntouched(m);
  });

  it('checks amount and currency; refuses unknown fields (payout_reason belongs to payouts) and malformed JSON', async () => {
    const m = await fundedMerchant();
    for (const amount of [0, -5, 10.001, '10', null, 1e15, 1_000_000_000_000]) {
      const res = await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), amount } });
      expect(invalidFields(res), `amount ${amount}: ${res.text}`).toEqual(['amount']);
    }
    const { amount: _a, ...noAmount } = bankWithdrawal(10);
    expect(invalidFields(await m.send(contract.createWithdrawal, { body: noAmount }))).toEqual(['amount']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), currency_code: 'XYZ' } })),
    ).toEqual(['currency_code']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), currency_code: 'GH' } })),
    ).toEqual(['currency_code']);
    const { currency_code: _c, ...noCurrency } = bankWithdrawal(10);
    expect(invalidFields(await m.send(contract.createWithdrawal, { body: noCurrency }))).toEqual(['currency_code']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), payout_reason: 'rent' } }),
      ),
    ).toEqual(['payout_reason']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), reference: 'x' } })),
    ).toEqual(['reference']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), notes: '' } })),
    ).toEqual(['notes']);
    const malformed = await m.send(contract.createWithdrawal, { body: '{"amount": 10,' });
    expectStatus(malformed, 400);
    expectErrorShape(malformed.body, 'malformed_json');
    const notJson = await m.send(contract.createWithdrawal, {
      body: 'amount=10',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectStatus(notJson, 415);
    expectErrorShape(notJson.body, 'unsupported_media_type');
    await expectUntouched(m);
  });
});

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
    expect(held.body.message).toMatch(/available balance 100 GHS \(plus 49\.5 not yet settled\)/);
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

describe('withdrawals to a saved payment account', () => {
  async function addAccount(m: Merchant, body: BodyOf<typeof contract.createPaymentAccount>) {
    const res = await m.call(contract.createPaymentAccount, { body });
    expectStatus(res, 200);
    return res.body.data;
  }
  const bankAccount = {
    currency_code: 'GHS',
    account_type: 'bank_account',
    account_number: '0987654321',
    bank_name: 'Ecobank',
    account_holder_name: 'Test Shop Ltd',
  } satisfies BodyOf<typeof contract.createPaymentAccount>;
  const momoAccount = {
    currency_code: 'GHS',
    account_type: 'mobile_money',
    phone_number: '020 123 4567',
    network_provider: 'vodafone_cash',
  } satisfies BodyOf<typeof contract.createPaymentAccount>;

  it('copies the account onto the withdrawal (bank and mobile money) and completes', async () => {
    const m = await fundedMerchant([], { name: 'Kofi Stores' });
    await paidCheckout(m, { amount: 101.01 });
    await settleEverything(m.id);
    const bank = await addAccount(m, { ...bankAccount, bank_routing_number: 'EB001' });
    const momo = await addAccount(m, momoAccount);

    const toBank = await initiate(m, {
      amount: 25,
      currency_code: 'ghs',
      payment_account_id: bank.id,
      notes: 'weekly',
    });
    expect(toBank).toMatchObject({
      status: 'PENDING',
      currency_code: 'GHS',
      payment_account_id: bank.id,
      payout_type: 'bank_transfer',
      recipient_name: 'Test Shop Ltd',
      bank_account_number: '0987654321',
      bank_routing_number: 'EB001',
      bank_name: 'Ecobank',
      account_holder_name: 'Test Shop Ltd',
      mobile_number: null,
      network_provider: null,
      notes: 'weekly',
    });
    const toMomo = await initiate(m, { amount: 15, currency_code: 'GHS', payment_account_id: momo.id });
    expect(toMomo).toMatchObject({
      payment_account_id: momo.id,
      payout_type: 'mobile_money',
      // A mobile-money account has no holder name: the merchant's own name is used.
      recipient_name: 'Kofi Stores',
      mobile_number: '+233201234567',
      network_provider: 'vodafone_cash',
      bank_account_number: null,
    });
    expect(await wallet(m)).toMatchObject({ available_balance: 60 });
    const tx = await customerTransaction(m, toMomo.transaction_id);
    expect(tx).toMatchObject({
      transaction_type: 'payout',
      payout_type: 'mobile_money',
      mobile_number: '+233201234567',
      network_provider: 'vodafone_cash',
    });

    await pickUp();
    await railAnswers();
    expect((await getWithdrawal(m, toBank.transaction_id)).status).toBe('COMPLETED');
    expect((await getWithdrawal(m, toMomo.transaction_id)).status).toBe('COMPLETED');
    expect(await wallet(m)).toMatchObject({ available_balance: 60 });
    await expectReconciled(m.id);
  });

  it('the withdrawal keeps the destination it was sent to when the account later changes or is deleted', async () => {
    const m = await fundedMerchant();
    const primary = await addAccount(m, bankAccount);
    const other = await addAccount(m, { ...bankAccount, account_number: '1122334455', bank_name: 'Fidelity' });
    const w = await initiate(m, { amount: 10, currency_code: 'GHS', payment_account_id: other.id });
    expect(
      (
        await m.call(contract.updatePaymentAccount, {
          params: { account_id: other.id },
          body: { account_number: '9999000099', bank_name: 'Changed' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await m.call(contract.updatePaymentAccount, { params: { account_id: other.id }, body: { is_primary: true } }))
        .status,
    ).toBe(200);
    expect((await m.call(contract.deletePaymentAccount, { params: { account_id: primary.id } })).status).toBe(200);
    expect(await getWithdrawal(m, w.transaction_id)).toMatchObject({
      payment_account_id: other.id,
      bank_account_number: '1122334455',
      bank_name: 'Fidelity',
    });
    await pickUp();
    await railAnswers();
    // Paid to the number it was sent to (the account's new number would now fail in the sandbox).
    expect((await getWithdrawal(m, w.transaction_id)).status).toBe('COMPLETED');
    expect(await wallet(m)).toMatchObject({ available_balance: 90 });
  });

  it('a saved account whose number ends in 9999 fails at the rail and the money comes back', async () => {
    const m = await fundedMerchant();
    const account = await addAccount(m, { ...momoAccount, phone_number: '0201239999' });
    const w = await initiate(m, { amount: 45, currency_code: 'GHS', payment_account_id: account.id });
    await pickUp();
    await railAnswers();
    const failed = await getWithdrawal(m, w.transaction_id);
    expect(failed).toMatchObject({ status: 'FAILED', payment_account_id: account.id });
    expect(failed.failure_reason).toMatch(/9999/);
    expect(await wallet(m)).toMatchObject({ available_balance: 100 });
    await expectReconciled(m.id);
  });

  it('inactive or suspended account → 409 payment_account_not_active; other currency → 422; deleted or unknown → 404', async () => {
    const m = await fundedMerchant();
    const primary = await addAccount(m, bankAccount);
    const other = await addAccount(m, momoAccount);
    const kes = await addAccount(m, {
      currency_code: 'KES',
      account_type: 'mobile_money',
      phone_number: '0712345678',
      network_provider: 'mpesa',
    });

    for (const status of ['inactive', 'suspended'] as const) {
      expect(
        (await m.call(contract.updatePaymentAccount, { params: { account_id: primary.id }, body: { status } })).status,
      ).toBe(200);
      const res = await m.call(contract.createWithdrawal, {
        body: { amount: 10, currency_code: 'GHS', payment_account_id: primary.id },
      });
      expectStatus(res, 409);
      expectErrorShape(res.body, 'payment_account_not_active');
      expect(res.body.message).toContain(status);
    }
    const wrongCurrency = await m.call(contract.createWithdrawal, {
      body: {
        amount: 10,
        currency_code: 'GHS',
        payment_account_id: kes.id,
      },
    });
    expect(invalidFields(wrongCurrency)).toEqual(['payment_account_id']);
    expect(fieldErrors(wrongCurrency)[0]!.message).toMatch(/KES account/);

    expect((await m.call(contract.deletePaymentAccount, { params: { account_id: other.id } })).status).toBe(200);
    for (const accountId of [other.id, UNKNOWN_ID]) {
      const res = await m.call(contract.createWithdrawal, {
        body: { amount: 10, currency_code: 'GHS', payment_account_id: accountId },
      });
      expectStatus(res, 404);
      expectErrorShape(res.body, 'not_found');
    }
    await expectUntouched(m);

    // Active again: it works.
    expect(
      (await m.call(contract.updatePaymentAccount, { params: { account_id: primary.id }, body: { status: 'active' } }))
        .status,
    ).toBe(200);
    await initiate(m, { amount: 10, currency_code: 'GHS', payment_account_id: primary.id });
    expect(await wallet(m)).toMatchObject({ available_balance: 90 });
  });
});

describe('Idempotency-Key on initiate', () => {
  it('replays the first response and debits once; another body → 422 idempotency_key_reused; refusals are not stored', async () => {
    const m = await fundedMerchant();
    const key = { 'idempotency-key': 'withdrawal-2026-03-01' };
    const first = await m.call(contract.createWithdrawal, { body: bankWithdrawal(30), headers: key });
    expectStatus(first, 200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.data.idempotency_key).toBe('withdrawal-2026-03-01');

    // Same body (keys in another order): the same response, no second debit.
    const { recipient_details, ...rest } = bankWithdrawal(30);
    const retry = await m.call(contract.createWithdrawal, {
      body: { recipient_details: { ...recipient_details }, ...rest },
      headers: key,
    });
    expectStatus(retry, 200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await wallet(m)).toMatchObject({ available_balance: 70 });
    expect(await transactionRows(m.id)).toHaveLength(1);
    expect((await events(first.body.data.transaction_id)).map((e) => e.event_type)).toEqual(['withdrawal.created']);
    expect(await customerTransaction(m, first.body.data.transaction_id)).toMatchObject({
      idempotency_key: 'withdrawal-2026-03-01',
    });

    // Another body with the same key is refused and changes nothing.
    const reused = await m.call(contract.createWithdrawal, { body: bankWithdrawal(31), headers: key });
    expectStatus(reused, 422);
    expectErrorShape(reused.body, 'idempotency_key_reused');
    expect(await wallet(m)).toMatchObject({ available_balance: 70 });
    expect(await transactionRows(m.id)).toHaveLength(1);

    // A refused request (409) is not remembered: the corrected retry with the same key goes through.
    const other = { 'idempotency-key': 'withdrawal-2026-03-02' };
    const short = await m.call(contract.createWithdrawal, { body: bankWithdrawal(500), headers: other });
    expectStatus(short, 409);
    const corrected = await m.call(contract.createWithdrawal, { body: bankWithdrawal(50), headers: other });
    expectStatus(corrected, 200);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(await wallet(m)).toMatchObject({ available_balance: 20 });

    // After the withdrawal moved on, a retry still replays the first response (not a second withdrawal).
    await pickUp();
    const later = await m.call(contract.createWithdrawal, { body: bankWithdrawal(30), headers: key });
    expectStatus(later, 200);
    expect(later.body).toEqual(first.body);
    expect(await transactionRows(m.id)).toHaveLength(2);

    const badKey = await m.call(contract.createWithdrawal, {
      body: bankWithdrawal(1),
      headers: { 'idempotency-key': 'has space' },
    });
    expect(invalidFields(badKey)).toEqual(['Idempotency-Key']);
    expect(await wallet(m)).toMatchObject({ available_balance: 20 });
    await expectReconciled(m.id);
  });
});

describe('Idempotency-Key under concurrency', () => {
  it('ten simultaneous retries with one key: one withdrawal, one debit; the others replay it or get 409 idempotency_key_in_use', async () => {
    const m = await fundedMerchant();
    const key = { 'idempotency-key': 'burst-1' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => m.call(contract.createWithdrawal, { body: bankWithdrawal(15), headers: key })),
    );
    expect(
      results.map((r) => r.status).filter((s) => s !== 200 && s !== 409),
      results.map((r) => r.text).join('\n'),
    ).toEqual([]);
    const ok = results.filter((r) => r.ok);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.data.transaction_id)).size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'idempotency_key_in_use');
    expect(await transactionRows(m.id)).toHaveLength(1);
    expect(await wallet(m)).toMatchObject({ available_balance: 85 });
    // Once the first has finished, a retry replays it.
    const after = await m.call(contract.createWithdrawal, { body: bankWithdrawal(15), headers: key });
    expectStatus(after, 200);
    expect(after.body.data.transaction_id).toBe(ok[0]!.body.data.transaction_id);
    await expectReconciled(m.id);
  });
});

describe('GET /api/v1/merchants/withdrawals (history)', () => {
  it('newest first, spec 2.6 pagination, filters by currency_code and status in any case, masks bank numbers', async () => {
    const m = await fundedMerchant(['GHS', 'KES']);
    // One of each status: completed, failed, processing, cancelled, pending (in creation order).
    const completed = await initiate(m, bankWithdrawal(10));
    const failed = await initiate(m, mobileWithdrawal(11, { mobile_number: '0244129999' }));
    await pickUp();
    await railAnswers();
    const processing = await initiate(
      m,
      bankWithdrawal(12, { bank_account_number: '5555666677' }, { currency_code: 'KES' }),
    );
    await pickUp();
    const cancelled = await initiate(m, bankWithdrawal(13));
    expect(
      (
        await m.call(contract.cancelWithdrawal, {
          params: { transaction_id: cancelled.transaction_id },
          body: { reason: 'typo' },
        })
      ).status,
    ).toBe(200);
    const pending = await initiate(
      m,
      mobileWithdrawal(
        14,
        {},
        {
          currency_code: 'KES',
          recipient_details: { recipient_name: 'Me', mobile_number: '0712345678', network_provider: 'mpesa' },
        },
      ),
    );
    const newestFirst = [pending, cancelled, processing, failed, completed].map((w) => w.transaction_id);

    const res = await m.call(contract.listWithdrawals);
    expectStatus(res, 200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'pagination', 'status']);
    expect(res.body.message).toBe('Withdrawals retrieved');
    expect(res.body.pagination).toEqual({ total: 5, page: 1, size: 50, total_pages: 1, has_more: false });
    expect(res.body.data.map((w) => w.transaction_id)).toEqual(newestFirst);
    expect(res.body.data.map((w) => w.status)).toEqual(['PENDING', 'CANCELLED', 'PROCESSING', 'FAILED', 'COMPLETED']);
    for (const w of res.body.data) expect(Object.keys(w)).toEqual(PAYOUT_FIELDS);
    // Bank numbers are masked in history, full in GET one.
    const byId = new Map(res.body.data.map((w) => [w.transaction_id, w]));
    expect(byId.get(completed.transaction_id)!.bank_account_number).toBe('******6789');
    expect(byId.get(processing.transaction_id)!.bank_account_number).toBe('******6677');
    expect(res.text).not.toContain('0123456789');
    expect((await getWithdrawal(m, completed.transaction_id)).bank_account_number).toBe('0123456789');
    expect(byId.get(failed.transaction_id)!.mobile_number).toBe('+233244129999');

    // Pages.
    const page = async (query: string) => {
      const r = await m.send(contract.listWithdrawals, { query });
      expectStatus(r, 200);
      return r.body;
    };
    const p1 = await page('size=2');
    expect(p1.pagination).toEqual({ total: 5, page: 1, size: 2, total_pages: 3, has_more: true });
    expect(p1.data.map((w) => w.transaction_id)).toEqual(newestFirst.slice(0, 2));
    const p2 = await page('size=2&page=2');
    expect(p2.pagination).toEqual({ total: 5, page: 2, size: 2, total_pages: 3, has_more: true });
    expect(p2.data.map((w) => w.transaction_id)).toEqual(newestFirst.slice(2, 4));
    const p3 = await page('page=3&size=2');
    expect(p3.pagination).toEqual({ total: 5, page: 3, size: 2, total_pages: 3, has_more: false });
    expect(p3.data.map((w) => w.transaction_id)).toEqual(newestFirst.slice(4));
    const beyond = await page('page=4&size=2');
    expect(beyond).toMatchObject({
      data: [],
      pagination: { total: 5, page: 4, size: 2, total_pages: 3, has_more: false },
    });
    expect((await page('size=100')).pagination).toMatchObject({ size: 100, total: 5 });

    // Filters.
    const kes = await page('currency_code=kes');
    expect(kes.data.map((w) => w.transaction_id)).toEqual([pending.transaction_id, processing.transaction_id]);
    expect(kes.pagination).toMatchObject({ total: 2 });
    for (const [status, expected] of [
      ['PENDING', [pending]],
      ['pending', [pending]],
      ['Processing', [processing]],
      ['COMPLETED', [completed]],
      ['failed', [failed]],
      ['CANCELLED', [cancelled]],
    ] as const) {
      const filtered = await page(`status=${status}`);
      expect(
        filtered.data.map((w) => w.transaction_id),
        status,
      ).toEqual(expected.map((w) => w.transaction_id));
      expect(filtered.pagination.total).toBe(expected.length);
    }
    const combined = await page('currency_code=GHS&status=completed&size=1');
    expect(combined.data.map((w) => w.transaction_id)).toEqual([completed.transaction_id]);
    expect(combined.pagination).toEqual({ total: 1, page: 1, size: 1, total_pages: 1, has_more: false });

    // Bad queries.
    for (const [query, field] of [
      ['size=101', 'size'],
      ['size=0', 'size'],
      ['size=ten', 'size'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['status=done', 'status'],
      ['currency_code=XYZ', 'currency_code'],
      ['limit=10', 'limit'],
      ['status=pending&status=failed', 'status'],
    ]) {
      expect(invalidFields(await m.send(contract.listWithdrawals, { query })), query).toEqual([field]);
    }

    // The customer transaction listing shows the same five as payouts, with spec 2.4's statuses.
    const txs = await m.ok(contract.listCustomerTransactions, { query: { transaction_type: 'payout' } });
    expect(txs.body.data.map((t) => [t.transaction_id, t.status])).toEqual([
      [pending.transaction_id, 'pending'],
      [cancelled.transaction_id, 'cancelled'],
      [processing.transaction_id, 'pending'],
      [failed.transaction_id, 'failed'],
      [completed.transaction_id, 'completed'],
    ]);
    await expectReconciled(m.id);
  });

  it('a merchant without withdrawals gets an empty page', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.listWithdrawals);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      data: [],
      pagination: { total: 0, page: 1, size: 50, total_pages: 0, has_more: false },
    });
  });
});

describe('tenant isolation', () => {
  it("B never sees, reads, cancels or pays to A's withdrawals or accounts; nothing of either moves", async () => {
    const a = await fundedMerchant(['GHS'], { name: 'Shop A' });
    const b = await fundedMerchant(['GHS'], { name: 'Shop B' });
    const aAccount = await a.call(contract.createPaymentAccount, {
      body: {
        currency_code: 'GHS',
        account_type: 'bank_account',
        account_number: '1357924680',
        bank_name: 'GCB',
        account_holder_name: 'Shop A',
      },
    });
    expectStatus(aAccount, 200);
    const aWithdrawal = await initiate(a, {
      amount: 20,
      currency_code: 'GHS',
      payment_account_id: aAccount.body.data.id,
    });
    const bWithdrawal = await initiate(b, bankWithdrawal(5));

    const bList = await b.ok(contract.listWithdrawals);
    expect(bList.body.data.map((w) => w.transaction_id)).toEqual([bWithdrawal.transaction_id]);
    expect(bList.body.pagination.total).toBe(1);
    const aList = await a.ok(contract.listWithdrawals);
    expect(aList.body.data.map((w) => w.transaction_id)).toEqual([aWithdrawal.transaction_id]);
    const bTxs = await b.ok(contract.listCustomerTransactions, { query: { transaction_type: 'payout' } });
    expect(bTxs.body.data.map((t) => t.transaction_id)).toEqual([bWithdrawal.transaction_id]);

    for (const res of [
      await b.call(contract.getWithdrawal, { params: { transaction_id: aWithdrawal.transaction_id } }),
      await b.call(contract.cancelWithdrawal, {
        params: { transaction_id: aWithdrawal.transaction_id },
        body: { reason: 'not mine' },
      }),
      await b.call(contract.getCustomerTransaction, { params: { transaction_id: aWithdrawal.transaction_id } }),
      // B cannot send its money to A's saved account: 404 like an unknown account.
      await b.call(contract.createWithdrawal, {
        body: { amount: 10, currency_code: 'GHS', payment_account_id: aAccount.body.data.id },
      }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    expect((await getWithdrawal(a, aWithdrawal.transaction_id)).status).toBe('PENDING');
    expect(await wallet(a)).toMatchObject({ available_balance: 80 });
    expect(await wallet(b)).toMatchObject({ available_balance: 95 });
    expect(await transactionRows(b.id)).toHaveLength(1);
    expect((await events(aWithdrawal.transaction_id)).map((e) => e.event_type)).toEqual(['withdrawal.created']);
    await expectReconciled(a.id);
    await expectReconciled(b.id);
  });
});
