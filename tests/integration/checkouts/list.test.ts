import { beforeAll, describe, expect, it } from 'vitest';
import { TIMESTAMP } from '../../support/shapes';
import { minimalCheckout, newMerchant, type Merchant } from '../../support/fixtures';
import type { CheckoutPublic } from '../../../lib/checkout/contract';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { FULL_FIELDS, sql, create } from './helpers';

describe('GET /api/v1/merchants/checkouts (list)', () => {
  let lister: Merchant;
  const created: CheckoutPublic[] = [];

  beforeAll(async () => {
    lister = await newMerchant({ name: 'Lister' });
    for (let i = 0; i < 25; i++)
      created.push(await create(lister, { ...minimalCheckout, amount: i + 1, meta_data: { i: String(i) } }));
  });

  it('returns the full shape, newest first, 20 by default', async () => {
    const res = await lister.call(contract.listCheckouts);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(typeof res.body.message).toBe('string');
    const data = res.body.data;
    expect(data).toHaveLength(20);
    for (const item of data) expect(Object.keys(item).sort()).toEqual(FULL_FIELDS);
    const newestFirst = [...created].reverse();
    expect(data.map((c) => c.id)).toEqual(newestFirst.slice(0, 20).map((c) => c.id));

    const first = data[0]!;
    const source = created[24]!;
    expect(first).toMatchObject({
      id: source.id,
      merchant_id: lister.id,
      payment_reference: source.payment_reference,
      checkout_url: source.checkout_url,
      amount: 25,
      currency_code: 'GHS',
      status: 'pending',
      customer_email: source.customer_email,
      payment_method: null,
      expires_at: source.expires_at,
      paid_at: null,
      completed_at: null,
      redirect_url: null,
      meta_data: { i: '24' },
      approval_status: 'pending_approval',
      approved_by_admin_id: null,
      approved_at: null,
      rejection_reason: null,
      admin_notes: null,
      created_at: source.created_at,
    });
    expect(first.updated_at).toMatch(TIMESTAMP);
  });

  it('pages with limit and offset without overlap or gaps', async () => {
    const pages = [];
    for (const offset of [0, 10, 20, 30]) {
      const res = await lister.call(contract.listCheckouts, { query: { limit: 10, offset } });
      expectStatus(res, 200);
      pages.push((res.body.data as { id: string }[]).map((c) => c.id));
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5, 0]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(25);
    expect(all).toEqual([...created].reverse().map((c) => c.id));
  });

  it('accepts limit 1 and 100', async () => {
    expect((await lister.ok(contract.listCheckouts, { query: { limit: 1 } })).body.data).toHaveLength(1);
    expect((await lister.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data).toHaveLength(25);
  });

  it.each([
    'limit=101',
    'limit=0',
    'limit=abc',
    'limit=-1',
    'limit=1.5',
    'limit=',
    'offset=-1',
    'offset=abc',
    'limit=5&limit=6',
  ])('refuses ?%s with 422', async (query) => {
    const res = await lister.send(contract.listCheckouts, { query: query });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    const field = query.split('=')[0]!;
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('refuses an unknown query parameter, naming it', async () => {
    const res = await lister.send(contract.listCheckouts, { query: 'state=pending' });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain('state');
  });

  it("lists only the caller's checkouts", async () => {
    const other = await newMerchant({ name: 'Other' });
    const theirs = await create(other);
    const mine = (await lister.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data as {
      id: string;
      merchant_id: string;
    }[];
    expect(mine.map((c) => c.id)).not.toContain(theirs.id);
    expect(mine.every((c) => c.merchant_id === lister.id)).toBe(true);
    const theirList = (await other.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data as { id: string }[];
    expect(theirList.map((c) => c.id)).toEqual([theirs.id]);
  });

  it('returns an empty list for a merchant without checkouts', async () => {
    const fresh = await newMerchant();
    const res = await fresh.call(contract.listCheckouts);
    expectStatus(res, 200);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET /api/v1/merchants/checkouts: filters', () => {
  let shop: Merchant;
  let pending: CheckoutPublic;
  let cancelled: CheckoutPublic;
  let lapsed: CheckoutPublic;
  let old: CheckoutPublic;
  const ids = async (query: string) => {
    const res = await shop.send(contract.listCheckouts, { query: query });
    expectStatus(res, 200);
    return (res.body.data as { id: string }[]).map((c) => c.id);
  };

  beforeAll(async () => {
    shop = await newMerchant({ name: 'Filters' });
    pending = await create(shop, { ...minimalCheckout, customer_email: 'Ama@Example.com' });
    cancelled = await create(shop, { ...minimalCheckout, customer_email: 'kofi@example.com' });
    await shop.call(contract.cancelCheckout, { params: { checkout_id: cancelled.id } });
    // Past expires_at but not yet swept by the worker: it reads (and filters) as expired.
    lapsed = await create(shop, { ...minimalCheckout, customer_email: 'kofi@example.com' });
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${lapsed.id}`;
    old = await create(shop, { ...minimalCheckout, customer_email: 'esi@example.com' });
    await sql`update checkouts set created_at = '2026-01-15T10:00:00Z' where id = ${old.id}`;
  });

  it('status, as read: a pending checkout past expires_at is expired, not pending', async () => {
    expect(await ids('status=pending')).toEqual([pending.id, old.id]);
    expect(await ids('status=expired')).toEqual([lapsed.id]);
    expect(await ids('status=CANCELLED')).toEqual([cancelled.id]);
    expect(await ids('status=paid')).toEqual([]);
  });

  it('payment_reference and customer_email (exact, any case)', async () => {
    expect(await ids(`payment_reference=${pending.payment_reference}`)).toEqual([pending.id]);
    expect(await ids(`payment_reference=${pending.payment_reference.toLowerCase()}`)).toEqual([pending.id]);
    expect(await ids('customer_email=ama@example.COM')).toEqual([pending.id]);
    expect(await ids('customer_email=KOFI@example.com')).toEqual([lapsed.id, cancelled.id]);
    expect(await ids('customer_email=kofi@example')).toEqual([]);
  });

  it('created_from and created_to bound created_at, inclusive; a bare date is a whole day (UTC)', async () => {
    expect(await ids('created_from=2026-01-15&created_to=2026-01-15')).toEqual([old.id]);
    expect(await ids('created_to=2026-01-15T10:00:00')).toEqual([old.id]);
    expect(await ids('created_to=2026-01-15T09:59:59.999')).toEqual([]);
    expect(await ids('created_from=2026-01-16')).toEqual([lapsed.id, cancelled.id, pending.id]);
    expect(await ids('created_from=2026-01-15T11:00:00%2B01:00&created_to=2026-01-15')).toEqual([old.id]);
  });

  it('filters combine, and page with limit and offset', async () => {
    expect(await ids('customer_email=kofi@example.com&status=cancelled')).toEqual([cancelled.id]);
    expect(await ids('customer_email=kofi@example.com&limit=1&offset=1')).toEqual([cancelled.id]);
  });

  it.each([
    ['status=settled', 'status'],
    ['payment_reference=PAY-123', 'payment_reference'],
    ['customer_email=', 'customer_email'],
    ['created_from=yesterday', 'created_from'],
    ['created_from=2026-02-31', 'created_from'],
    ['created_to=2026-13-01T00:00:00', 'created_to'],
    ['created_from=0000-01-01', 'created_from'],
    ['created_to=0000-01-01T00:00:00', 'created_to'],
    ['created_from=2026-02-02&created_to=2026-02-01', 'created_to'],
  ])('refuses ?%s, naming %s', async (query, field) => {
    const res = await shop.send(contract.listCheckouts, { query: query });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});
