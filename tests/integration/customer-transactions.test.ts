import { beforeAll, describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../support/shapes';
import { admin, hostedPage, newMerchant, paidCheckout, wallet, type Merchant } from '../support/fixtures';
import { runJobsNow } from '../support/jobs';
import { testSql } from '../support/database';
import { caller, expectErrorShape, expectStatus, type QueryOf } from '../support/caller';
import { contract } from '../support/contract';

/**
 * Customer transactions (spec 2.4, 4.3, 2.6, 8; issue 4 "Deposits and fees", "Customer transactions"):
 * a paid checkout becomes a deposit with its fee, credited to the wallet's holding balance; the list is
 * newest first, filtered, paged, and stable under equal timestamps.
 *
 * Default fees: bank transfer 1.00 %, mobile money 1.50 %, both rounded half up to the minor unit.
 */
const TRANSACTIONS = '/api/v1/merchants/customer/transactions';
const GHOST = '00000000-0000-4000-8000-000000000000';

/** Spec 2.4, in its order. */
const TRANSACTION_FIELDS = [
  'transaction_id',
  'merchant_id',
  'currency_id',
  'transaction_type',
  'status',
  'amount',
  'fee_amount',
  'net_amount',
  'created_at',
  'updated_at',
  'completed_at',
  'failed_at',
  'settlement_status',
  'settled_at',
  'settlement_batch_id',
  'customer_email',
  'customer_name',
  'customer_phone',
  'checkout_session_id',
  'payment_method',
  'payout_type',
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'payout_reason',
  'bank_account_number',
  'bank_routing_number',
  'bank_name',
  'account_holder_name',
  'mobile_number',
  'network_provider',
  'provider',
  'provider_reference',
  'provider_metadata',
  'meta_data',
  'refunds_transaction_id',
  'external_reference',
  'idempotency_key',
  'notes',
];

/** Fields of 2.4 that never apply to a deposit. */
const PAYOUT_ONLY_FIELDS = [
  'failed_at',
  'payout_type',
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'payout_reason',
  'bank_account_number',
  'bank_routing_number',
  'bank_name',
  'account_holder_name',
  'mobile_number',
  'network_provider',
  'refunds_transaction_id',
  'idempotency_key',
  'notes',
] as const;

const sql = testSql();
const ms = (timestamp: string) => new Date(`${timestamp}Z`).getTime();

async function list(m: Merchant, query: QueryOf<typeof contract.listCustomerTransactions> = {}) {
  return (await m.ok(contract.listCustomerTransactions, { query })).body;
}

async function createCheckout(m: Merchant, body: Record<string, unknown>) {
  const res = await m.call(contract.createCheckout, {
    body: {
      customer_email: 'ada@example.com',
      amount: 25.5,
      currency_code: 'GHS',
      ...body,
    },
  });
  expectStatus(res, 200);
  const checkout = res.body.data;
  return { checkout, ...hostedPage(checkout) };
}

const depositsOf = (checkoutId: string) =>
  sql<
    ({ id: string } & Record<string, unknown>)[]
  >`select * from customer_transactions where checkout_session_id = ${checkoutId} and transaction_type = 'deposit' order by created_at, id`;

let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  [m, other] = await Promise.all([newMerchant(), newMerchant({ name: 'Other Shop' })]);
});

describe('deposits from paid checkouts', () => {
  it('a bank transfer deposit carries every spec 2.4 field, null where it does not apply', async () => {
    const shop = await newMerchant();
    const { checkout } = await createCheckout(shop, {
      amount: 10.5,
      customer_name: 'Ada Lovelace',
      customer_phone: '+233244123456',
      meta_data: { order_id: 'ORD-77', channel: 'web' },
    });
    const paid = await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: checkout.payment_reference },
    });
    expectStatus(paid, 200);

    const listed = await list(shop, { transaction_type: 'deposit' });
    expect(listed.data).toHaveLength(1);
    const t = listed.data[0]!;
    for (const field of TRANSACTION_FIELDS) expect(t, field).toHaveProperty(field);
    const [currency] = await sql`select id from currencies where code = 'GHS'`;
    expect(t).toMatchObject({
      merchant_id: shop.id,
      currency_id: currency!.id,
      transaction_type: 'deposit',
      status: 'completed',
      // 1 % of 10.50 is 0.105: half up makes 0.11 (half even would make 0.10).
      amount: 10.5,
      fee_amount: 0.11,
      net_amount: 10.39,
      settlement_status: 'unsettled',
      settled_at: null,
      settlement_batch_id: null,
      customer_email: 'ada@example.com',
      customer_name: 'Ada Lovelace',
      customer_phone: '+233244123456',
      checkout_session_id: checkout.id,
      payment_method: 'bank_transfer',
      provider: 'sandbox_bank',
      external_reference: checkout.id,
      is_duplicate: false,
    });
    expect(t.transaction_id).toMatch(UUID);
    expect(t.provider_reference).toMatch(/^SBX-BT-[0-9A-F]{16}$/);
    for (const field of PAYOUT_ONLY_FIELDS) expect(t[field], field).toBeNull();
    expect(t.created_at).toMatch(TIMESTAMP);
    expect(t.updated_at).toMatch(TIMESTAMP);
    expect(t.completed_at).toMatch(TIMESTAMP);
    expect(Math.abs(ms(t.completed_at!) - Date.now())).toBeLessThan(60_000);
    expect(t.meta_data).toMatchObject({ order_id: 'ORD-77', channel: 'web', checkout_id: checkout.id });
    expect(t.provider_metadata).toMatchObject({ collections: [{ provider_reference: t.provider_reference }] });

    // The single read is the same object.
    const one = await shop.call(contract.getCustomerTransaction, { params: { transaction_id: t.transaction_id } });
    expectStatus(one, 200);
    expect(one.body.status).toBe('success');
    expect(one.body.data).toEqual(t);

    // The row in minor units agrees.
    const [row] = await depositsOf(checkout.id);
    expect([row!.amount, row!.fee_amount, row!.net_amount].map(String)).toEqual(['1050', '11', '1039']);
  });

  it('the net is credited to the holding balance, with last_deposit_at; nothing is available yet', async () => {
    const shop = await newMerchant();
    const before = await wallet(shop);
    expect(before.last_deposit_at).toBeNull();
    const { deposit } = await paidCheckout(shop, { amount: 25.5 });
    // 1 % of 25.50 = 0.255 → 0.26.
    expect(deposit).toMatchObject({ amount: 25.5, fee_amount: 0.26, net_amount: 25.24 });
    const after = await wallet(shop);
    expect(after).toMatchObject({ holding_balance: 25.24, available_balance: 0, balance: 25.24 });
    expect(after.last_deposit_at).toMatch(TIMESTAMP);
    expect(Math.abs(ms(after.last_deposit_at!) - Date.now())).toBeLessThan(60_000);

    // The fee went to the fees account, the gross came from the rail: one balanced entry.
    const lines = await sql<{ account: string; direction: string; amount: string; purpose: string }[]>`
      select l.account, l.direction, l.amount::text as amount, l.purpose
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
       where e.customer_transaction_id = ${deposit.transaction_id} order by l.sequence`;
    expect(lines).toEqual([
      { account: 'rail_clearing', direction: 'debit', amount: '2550', purpose: 'deposit' },
      { account: 'merchant_holding', direction: 'credit', amount: '2550', purpose: 'deposit' },
      { account: 'merchant_holding', direction: 'debit', amount: '26', purpose: 'fee' },
      { account: 'fees', direction: 'credit', amount: '26', purpose: 'fee' },
    ]);
  });

  it('an over transfer credits what arrived; the fee is on what arrived', async () => {
    const shop = await newMerchant();
    const { deposit } = await paidCheckout(shop, { amount: 25.5, scenario: 'over' });
    // 26.50 arrived: 1 % = 0.265 → 0.27.
    expect(deposit).toMatchObject({ amount: 26.5, fee_amount: 0.27, net_amount: 26.23 });
    expect((await wallet(shop)).holding_balance).toBe(26.23);
  });

  it('a duplicate collection is a second, flagged deposit, also credited', async () => {
    const shop = await newMerchant();
    const { checkout, deposit } = await paidCheckout(shop, {
      amount: 40,
      scenario: 'duplicate',
      meta_data: { order_id: 'D-1' },
    });
    const rows = (await list(shop, { transaction_type: 'deposit' })).data;
    expect(rows).toHaveLength(2);
    const duplicate = rows.find((t) => t.is_duplicate)!;
    expect(duplicate).toBeDefined();
    expect(duplicate.transaction_id).not.toBe(deposit.transaction_id);
    expect(duplicate).toMatchObject({
      transaction_type: 'deposit',
      status: 'completed',
      amount: 40,
      fee_amount: 0.4,
      net_amount: 39.6,
      checkout_session_id: checkout.id,
      external_reference: checkout.id,
      payment_method: 'bank_transfer',
      is_duplicate: true,
    });
    expect(duplicate.meta_data).toMatchObject({ order_id: 'D-1', checkout_id: checkout.id });
    expect(duplicate.provider_reference).not.toBe(deposit.provider_reference);
    expect(deposit.is_duplicate).toBe(false);
    expect((await wallet(shop)).holding_balance).toBe(79.2);
  });

  it('mobile money (…4444, instant success): exactly one deposit with the 1.5 % fee', async () => {
    const shop = await newMerchant();
    const { checkout, page } = await createCheckout(shop, { amount: 103, meta_data: { order_id: 'MM-1' } });
    const started = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244124444' },
    });
    expectStatus(started, 200);
    await runJobsNow(['sandbox_mobile_money_outcome']);
    expect((await page.ok(contract.getCheckoutSessionStatus)).body.data.status).toBe('paid');
    // Running the jobs again, or the provider repeating its report, changes nothing.
    await runJobsNow(['sandbox_mobile_money_outcome']);
    const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
    await caller().call(contract.simulateMobileMoneyOutcome, {
      params: { attempt_id: attempt!.id },
      body: { outcome: 'success' },
    });

    const deposits = await depositsOf(checkout.id);
    expect(deposits).toHaveLength(1);
    const t = (await shop.ok(contract.getCustomerTransaction, { params: { transaction_id: deposits[0]!.id } })).body
      .data;
    // 1.5 % of 103.00 = 1.545 → 1.55 (half up; half even would make 1.54).
    expect(t).toMatchObject({
      transaction_type: 'deposit',
      status: 'completed',
      amount: 103,
      fee_amount: 1.55,
      net_amount: 101.45,
      payment_method: 'mobile_money',
      provider: 'sandbox_mobile_money',
      checkout_session_id: checkout.id,
      external_reference: checkout.id,
      is_duplicate: false,
    });
    expect(t.provider_reference).toMatch(/^SBX-MM-/);
    expect(t.meta_data).toMatchObject({ order_id: 'MM-1', checkout_id: checkout.id });
    expect(await wallet(shop)).toMatchObject({ holding_balance: 101.45, available_balance: 0 });
  });

  it('operator approval: an unverified merchant’s bank transfer waits, then approval makes the deposit', async () => {
    const shop = await newMerchant({ kyb_status: 'unverified' });
    const { checkout, page } = await createCheckout(shop, { amount: 40 });
    expect((await page.call(contract.chooseBankTransferPayment)).status).toBe(200);
    const arrived = await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: checkout.payment_reference,
      },
    });
    expectStatus(arrived, 200);
    const [waiting] = await sql`select status, approval_status from checkouts where id = ${checkout.id}`;
    expect(waiting).toMatchObject({ status: 'processing', approval_status: 'pending_approval' });
    // Nothing is credited before the operator decides.
    expect(await depositsOf(checkout.id)).toHaveLength(0);
    expect((await wallet(shop)).holding_balance).toBe(0);

    const approved = await admin().call(contract.approveCheckout, {
      params: { checkout_id: checkout.id },
      body: { admin_notes: 'ok' },
    });
    expectStatus(approved, 200);
    const deposits = await depositsOf(checkout.id);
    expect(deposits).toHaveLength(1);
    const t = (await shop.ok(contract.getCustomerTransaction, { params: { transaction_id: deposits[0]!.id } })).body
      .data;
    expect(t).toMatchObject({
      transaction_type: 'deposit',
      status: 'completed',
      amount: 40,
      fee_amount: 0.4,
      net_amount: 39.6,
      payment_method: 'bank_transfer',
      provider: 'sandbox_bank',
      checkout_session_id: checkout.id,
      external_reference: checkout.id,
    });
    expect(t.provider_reference).toMatch(/^SBX-BT-/);
    expect(await wallet(shop)).toMatchObject({ holding_balance: 39.6, available_balance: 0 });
  });

  it('operator approval of a claimed transfer with no recorded collection credits the checkout amount', async () => {
    const shop = await newMerchant({ kyb_status: 'unverified' });
    const { checkout, page } = await createCheckout(shop, { amount: 12 });
    await page.call(contract.chooseBankTransferPayment);
    expect((await page.call(contract.claimBankTransferPayment)).status).toBe(200);
    const approved = await admin().call(contract.approveCheckout, { params: { checkout_id: checkout.id }, body: {} });
    expectStatus(approved, 200);
    const deposits = await depositsOf(checkout.id);
    expect(deposits).toHaveLength(1);
    expect([deposits[0]!.amount, deposits[0]!.fee_amount, deposits[0]!.net_amount].map(String)).toEqual([
      '1200',
      '12',
      '1188',
    ]);
    expect(deposits[0]!.payment_method).toBe('bank_transfer');
    expect((await wallet(shop)).holding_balance).toBe(11.88);
  });
});

describe('GET /api/v1/merchants/customer/transactions', () => {
  let ghs: string[];
  let usd: string;

  beforeAll(async () => {
    // Three GHS deposits and one USD deposit, in this order.
    ghs = [];
    for (const amount of [10, 20, 30]) ghs.push((await paidCheckout(m, { amount })).deposit.transaction_id);
    usd = (await paidCheckout(m, { amount: 5, currency_code: 'USD' })).deposit.transaction_id;
    await paidCheckout(other, { amount: 99 });
  });

  it('newest first, only this merchant’s, with the spec 2.6 pagination object and defaults page 1, size 50', async () => {
    const body = await list(m);
    expect(body.status).toBe('success');
    expect(typeof body.message).toBe('string');
    expect(body.data.map((t) => t.transaction_id)).toEqual([usd, ...[...ghs].reverse()]);
    expect(body.data.every((t) => t.merchant_id === m.id)).toBe(true);
    expect(Object.keys(body.pagination).sort()).toEqual(['has_more', 'page', 'size', 'total', 'total_pages']);
    expect(body.pagination).toEqual({ total: 4, page: 1, size: 50, total_pages: 1, has_more: false });
    for (let i = 1; i < body.data.length; i++) {
      expect(ms(body.data[i - 1]!.created_at)).toBeGreaterThanOrEqual(ms(body.data[i]!.created_at));
    }
  });

  it('filters by currency_code in any case', async () => {
    for (const code of ['USD', 'usd', 'Usd']) {
      const body = await list(m, { currency_code: code });
      expect(
        body.data.map((t) => t.transaction_id),
        code,
      ).toEqual([usd]);
      expect(body.pagination.total).toBe(1);
    }
    expect((await list(m, { currency_code: 'ghs' })).data.map((t) => t.transaction_id)).toEqual([...ghs].reverse());
    expect((await list(m, { currency_code: 'KES' })).data).toEqual([]);
  });

  it('filters by transaction_type and status, combined with each other and with currency', async () => {
    expect((await list(m, { transaction_type: 'deposit' })).pagination.total).toBe(4);
    expect((await list(m, { transaction_type: 'refund' })).data).toEqual([]);
    expect((await list(m, { transaction_type: 'payout' })).data).toEqual([]);
    expect((await list(m, { status: 'completed' })).pagination.total).toBe(4);
    for (const status of ['pending', 'failed', 'cancelled']) expect((await list(m, { status })).data).toEqual([]);
    const combined = await list(m, { transaction_type: 'deposit', status: 'completed', currency_code: 'usd' });
    expect(combined.data.map((t) => t.transaction_id)).toEqual([usd]);

    // A refund shows up under its type.
    const refund = await m.call(contract.createRefund, {
      body: {
        transaction_id: ghs[0],
        amount: 1,
        reason: 'test',
      },
    });
    expectStatus(refund, 200);
    const refunds = await list(m, { transaction_type: 'refund' });
    expect(refunds.data.map((t) => t.transaction_id)).toEqual([refund.body.data.transaction_id]);
    expect(refunds.data[0]).toMatchObject({ refunds_transaction_id: ghs[0], amount: 1 });
    expect((await list(m, { transaction_type: 'deposit' })).pagination.total).toBe(4);
    // Newest first still: the refund is on top of the unfiltered list.
    expect((await list(m)).data[0]!.transaction_id).toBe(refund.body.data.transaction_id);
  });

  it('invalid filter values, unknown or repeated parameters and out-of-range paging are 422', async () => {
    const bad: [string, string][] = [
      ['currency_code=XYZ', 'currency_code'],
      ['currency_code=GH', 'currency_code'],
      ['currency_code=', 'currency_code'],
      ['transaction_type=withdrawal', 'transaction_type'],
      ['transaction_type=', 'transaction_type'],
      ['status=done', 'status'],
      ['status=settled', 'status'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=abc', 'page'],
      ['size=0', 'size'],
      ['size=101', 'size'],
      ['size=1e2', 'size'],
      ['limit=10', 'limit'],
      ['offset=0', 'offset'],
      ['merchant_id=' + other.id, 'merchant_id'],
      ['status=completed&status=pending', 'status'],
    ];
    for (const [query, field] of bad) {
      const res = await m.send(contract.listCustomerTransactions, { query });
      expectStatus(res, 422, query);
      expectErrorShape(res.body, 'validation_error');
      expect(
        res.body.error.fields.map((f: { field: string }) => f.field),
        query,
      ).toContain(field);
    }
  });

  it('size 100 is the maximum; pages split the list with has_more and total_pages', async () => {
    expect((await list(m, { size: 100 })).pagination).toMatchObject({ size: 100, page: 1 });
    const all = (await list(m)).data.map((t) => t.transaction_id);
    const total = all.length;
    const p1 = await list(m, { size: 2, page: 1 });
    const p2 = await list(m, { size: 2, page: 2 });
    const p3 = await list(m, { size: 2, page: 3 });
    const pages = Math.ceil(total / 2);
    expect(p1.pagination).toEqual({ total, page: 1, size: 2, total_pages: pages, has_more: true });
    expect(p2.pagination).toEqual({ total, page: 2, size: 2, total_pages: pages, has_more: pages > 2 });
    expect([...p1.data, ...p2.data, ...p3.data].map((t) => t.transaction_id)).toEqual(all);
    // Past the end: an empty page, not an error.
    const beyond = await list(m, { size: 2, page: 99 });
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toEqual({ total, page: 99, size: 2, total_pages: pages, has_more: false });
  });

  it('a merchant with no transactions gets an empty first page', async () => {
    const fresh = await newMerchant();
    const body = await list(fresh);
    expect(body.data).toEqual([]);
    expect(body.pagination).toEqual({ total: 0, page: 1, size: 50, total_pages: 0, has_more: false });
  });

  it('needs an API key', async () => {
    expect((await caller().call(contract.listCustomerTransactions)).status).toBe(401);
    expect((await caller({ 'x-api-key': 'sk_test_nope' }).call(contract.listCustomerTransactions)).status).toBe(401);
  });
});

describe('stable order under equal created_at', () => {
  it('pages of size 1 and 2 walk every row exactly once, in one order', async () => {
    const shop = await newMerchant();
    for (const amount of [1, 2, 3, 4, 5, 6, 7]) await paidCheckout(shop, { amount });
    // Seven rows with one identical timestamp: only the tie-breaker orders them.
    await sql`update customer_transactions set created_at = '2026-01-15T12:00:00Z' where merchant_id = ${shop.id}`;
    const ids = (await sql<{ id: string }[]>`select id from customer_transactions where merchant_id = ${shop.id}`).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(7);

    const full = (await list(shop, { size: 100 })).data.map((t) => t.transaction_id);
    expect([...full].sort()).toEqual([...ids].sort());
    for (const size of [1, 2, 3]) {
      const walked: string[] = [];
      for (let page = 1; ; page++) {
        const body = await list(shop, { size, page });
        walked.push(...body.data.map((t) => t.transaction_id));
        if (!body.pagination.has_more) break;
      }
      expect(walked, `size ${size}`).toEqual(full);
      expect(new Set(walked).size).toBe(7);
    }
    // Repeated reads give the same order.
    expect((await list(shop, { size: 100 })).data.map((t) => t.transaction_id)).toEqual(full);
    // And with a filter, which uses another index, the order is the same.
    expect((await list(shop, { size: 100, transaction_type: 'deposit' })).data.map((t) => t.transaction_id)).toEqual(
      full,
    );
  });
});

describe('GET /api/v1/merchants/customer/transactions/{transaction_id}', () => {
  it('missing → 404, another merchant’s → 404 (same answer), malformed → 422', async () => {
    const { deposit } = await paidCheckout(other, { amount: 7 });
    const missing = await m.call(contract.getCustomerTransaction, { params: { transaction_id: GHOST } });
    expectStatus(missing, 404);
    expectErrorShape(missing.body, 'not_found');
    const foreign = await m.call(contract.getCustomerTransaction, {
      params: { transaction_id: deposit.transaction_id },
    });
    expectStatus(foreign, 404);
    expectErrorShape(foreign.body, 'not_found');
    expect(foreign.body.message).toBe(missing.body.message);
    expect(foreign.text).not.toContain(deposit.transaction_id);
    // The owner reads it.
    expect(
      (await other.call(contract.getCustomerTransaction, { params: { transaction_id: deposit.transaction_id } }))
        .status,
    ).toBe(200);

    for (const id of ['not-a-uuid', '1234', `${GHOST}0`]) {
      const res = await m.call(contract.getCustomerTransaction, { params: { transaction_id: id } });
      expectStatus(res, 422, id);
      expectErrorShape(res.body, 'validation_error');
      expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain('transaction_id');
    }
  });

  it('other methods are 405', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await m.raw(method, `${TRANSACTIONS}/${GHOST}`);
      expect(res.status, method).toBe(405);
      const onList = await m.raw(method, TRANSACTIONS);
      expect(onList.status, method).toBe(405);
    }
  });
});

describe('the listing total', () => {
  it('comes from counters that equal count(*) per merchant, currency, type and status (after everything above)', async () => {
    const m = await newMerchant();
    await paidCheckout(m, { amount: 10 });
    await paidCheckout(m, { amount: 12, scenario: 'duplicate' });
    const drift = await sql`
      select coalesce(c.merchant_id, t.merchant_id) as merchant_id, c.n as counted, t.n as actual
        from customer_transaction_counts c
        full join (select merchant_id, currency_code, transaction_type, status, count(*)::bigint as n
                     from customer_transactions group by 1, 2, 3, 4) t
          using (merchant_id, currency_code, transaction_type, status)
       where c.n is distinct from t.n and not (c.n = 0 and t.n is null)`;
    expect(drift).toEqual([]);
    const listed = await m.ok(contract.listCustomerTransactions, {
      query: { transaction_type: 'deposit', currency_code: 'ghs', status: 'completed' },
    });
    expect(listed.body.pagination).toMatchObject({ total: 3, page: 1 });
  });
});
