import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMerchant, expectReconciled, wallet, type Merchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus, successBody, type DataOf } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, minor, Quote, quote, convert, merchantWith, conversionCount } from './helpers';

afterAll(async () => {
  await expectReconciled();
});

describe('GET /conversion and /conversion/{id}', () => {
  let m: Merchant;
  const made: DataOf<typeof contract.convertCurrency>[] = [];
  beforeAll(async () => {
    m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    for (const [to, amount] of [
      ['USD', 10],
      ['EUR', 5],
      ['USD', 20],
    ] as const) {
      const res = await convert(m, (await quote(m, 'GHS', to, amount)).quote_id);
      expectStatus(res, 200, res.text);
      made.push(res.body.data);
    }
    const back = await convert(m, (await quote(m, 'USD', 'GHS', 1)).quote_id);
    expectStatus(back, 200, back.text);
    made.push(back.body.data);
  });

  it('lists newest first with the spec 2.6 pagination object', async () => {
    const res = await m.call(contract.listConversions);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.map((c) => c.conversion_id)).toEqual([...made].reverse().map((c) => c.conversion_id));
    expect(res.body.data).toEqual([...made].reverse());
    expect(res.body.pagination).toEqual({ total: 4, page: 1, size: 50, total_pages: 1, has_more: false });
  });

  it('filters by from_currency, to_currency (any case) and status', async () => {
    const usd = await m.call(contract.listConversions, { query: { to_currency: 'usd' } });
    expectStatus(usd, 200);
    expect(usd.body.data.map((c) => c.conversion_id)).toEqual([made[2]!.conversion_id, made[0]!.conversion_id]);
    expect(usd.body.pagination.total).toBe(2);

    const fromUsd = await m.ok(contract.listConversions, { query: { from_currency: 'USD' } });
    expect(fromUsd.body.data.map((c) => c.conversion_id)).toEqual([made[3]!.conversion_id]);

    const ghsToEur = await m.ok(contract.listConversions, { query: { from_currency: 'GHS', to_currency: 'EUR' } });
    expect(ghsToEur.body.data.map((c) => c.conversion_id)).toEqual([made[1]!.conversion_id]);

    const none = await m.ok(contract.listConversions, { query: { from_currency: 'NGN' } });
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination).toEqual({ total: 0, page: 1, size: 50, total_pages: 0, has_more: false });

    const completed = await m.call(contract.listConversions, { query: { status: 'COMPLETED' } });
    expectStatus(completed, 200);
    expect(completed.body.pagination.total).toBe(4);
  });

  it('pages with page and size', async () => {
    const newestFirst = [...made].reverse().map((c) => c.conversion_id);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await m.call(contract.listConversions, { query: { size: 2, page } });
      expectStatus(res, 200);
      expect(res.body.pagination).toEqual({ total: 4, page, size: 2, total_pages: 2, has_more: page < 2 });
      seen.push(...res.body.data.map((c) => c.conversion_id));
    }
    expect(seen).toEqual(newestFirst);
  });

  it("gets one by id; 404 for an unknown or another merchant's conversion", async () => {
    const res = await m.call(contract.getConversion, { params: { conversion_id: made[1]!.conversion_id } });
    expectStatus(res, 200);
    expect(res.body.data).toEqual(made[1]);

    const unknown = await m.call(contract.getConversion, { params: { conversion_id: crypto.randomUUID() } });
    expectStatus(unknown, 404);
    expectErrorShape(unknown.body, 'not_found');

    const other = await newMerchant({ name: 'Other' });
    const foreign = await other.call(contract.getConversion, { params: { conversion_id: made[1]!.conversion_id } });
    expectStatus(foreign, 404);
    expectErrorShape(foreign.body, 'not_found');
    const list = await other.ok(contract.listConversions);
    expect(list.body.data).toEqual([]);

    const malformed = await m.call(contract.getConversion, { params: { conversion_id: 'not-a-uuid' } });
    expectStatus(malformed, 422);
    expectErrorShape(malformed.body, 'validation_error');
  });

  it.each([
    'from_currency=XYZ',
    'to_currency=1',
    'status=pending',
    'page=0',
    'page=-1',
    'page=abc',
    'size=0',
    'size=101',
    'size=2.5',
    'currency_code=GHS',
  ])('invalid filter %s → 422', async (query) => {
    const res = await m.send(contract.listConversions, { query });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
  });

  it('size=100 is allowed', async () => {
    const res = await m.call(contract.listConversions, { query: { size: 100 } });
    expectStatus(res, 200);
    expect(res.body.pagination.size).toBe(100);
  });
});

describe('concurrency (real PostgreSQL)', () => {
  it('20 parallel conversions of 1.00 from 10.00 available: exactly 10 succeed, the rest 409, never a 5xx', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 10.1 }]);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 10 });
    const quotes: Quote[] = [];
    for (let i = 0; i < 20; i++) quotes.push(await quote(m, 'GHS', 'USD', 1));
    expect(quotes[0]!.to_amount).toBe(0.06); // 99 × 100 / 1550 = 6.38 cents

    const results = await Promise.all(quotes.map((q, i) => convert(m, q.quote_id, `parallel-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'insufficient_funds');

    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 0, holding_balance: 0 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 0.6 });
    expect(await conversionCount(m)).toBe(10);
    const [used] = await sql<
      { n: number }[]
    >`select count(*)::int as n from conversion_quotes where merchant_id = ${m.id} and used_at is not null`;
    expect(used!.n).toBe(10);
    await expectReconciled(m.id);
  });

  it('one quote sent 10 times in parallel under different keys converts once; under one key it replays', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const q = await quote(m, 'GHS', 'KES', 10);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => convert(m, q.quote_id, `k-${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'quote_used');

    const q2 = await quote(m, 'GHS', 'KES', 10);
    const same = await Promise.all(Array.from({ length: 10 }, () => convert(m, q2.quote_id, 'one-key')));
    expect(same.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(same.map((r) => successBody(r).data.conversion_id)).size).toBe(1);
    expect(same.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);

    expect(await conversionCount(m)).toBe(2);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 80 });
    await expectReconciled(m.id);
  });

  it('conversions in opposite directions in parallel do not deadlock and the books balance', async () => {
    const m = await merchantWith([
      { currency: 'GHS', amount: 101.01 },
      { currency: 'USD', amount: 10.1 },
    ]);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 100 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 10 });
    const toUsd: Quote[] = [];
    const toGhs: Quote[] = [];
    for (let i = 0; i < 12; i++) {
      toUsd.push(await quote(m, 'GHS', 'USD', 9));
      toGhs.push(await quote(m, 'USD', 'GHS', 0.9));
    }
    const all = toUsd.flatMap((q, i) => [q, toGhs[i]!]);
    const results = await Promise.all(all.map((q) => convert(m, q.quote_id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'insufficient_funds');

    // The balances are exactly the sum of what succeeded.
    let ghs = 10_000n;
    let usd = 1_000n;
    for (const [i, r] of results.entries()) {
      if (r.status !== 200) continue;
      const q = all[i]!;
      if (q.from_currency === 'GHS') {
        ghs -= minor(q.from_amount);
        usd += minor(q.to_amount);
      } else {
        usd -= minor(q.from_amount);
        ghs += minor(q.to_amount);
      }
    }
    expect(minor((await wallet(m, 'GHS')).available_balance)).toBe(ghs);
    expect(minor((await wallet(m, 'USD')).available_balance)).toBe(usd);
    expect(ghs >= 0n && usd >= 0n).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(11);
    await expectReconciled(m.id);
  });
});
