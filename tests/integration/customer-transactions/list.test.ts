import { beforeAll, describe, expect, it } from 'vitest';
import { newMerchant, paidCheckout, type Merchant } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { TRANSACTIONS, GHOST, sql, ms, list } from './helpers';

let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  [m, other] = await Promise.all([newMerchant(), newMerchant({ name: 'Other Shop' })]);
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
