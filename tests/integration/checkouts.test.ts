import { beforeAll, describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../support/shapes';
import { verifyCheckoutToken } from '../../lib/checkout/token';
import { minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import type { CheckoutPublic } from '../../lib/checkout/contract';
import { expectErrorShape, expectStatus, type BodyOf } from '../support/caller';
import { contract } from '../support/contract';

const REFERENCE = /^PAY-[0-9A-HJKMNP-TV-Z]{16}$/;

const PUBLIC_FIELDS = [
  'id',
  'payment_reference',
  'checkout_url',
  'amount',
  'currency_code',
  'status',
  'customer_email',
  'customer_name',
  'customer_phone',
  'customer_phone_editable',
  'description',
  'expires_at',
  'paid_at',
  'created_at',
].sort();

const FULL_FIELDS = [
  'id',
  'merchant_id',
  'payment_reference',
  'checkout_url',
  'amount',
  'currency_code',
  'status',
  'customer_email',
  'customer_name',
  'customer_phone',
  'customer_phone_editable',
  'description',
  'payment_method',
  'expires_at',
  'paid_at',
  'completed_at',
  'redirect_url',
  'meta_data',
  'approval_status',
  'approved_by_admin_id',
  'approved_at',
  'rejection_reason',
  'admin_notes',
  'created_at',
  'updated_at',
].sort();

/** API timestamps are UTC without an offset. */
const ms = (timestamp: string) => new Date(`${timestamp}Z`).getTime();

const sql = testSql();
let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
});

async function create(merchant: Merchant, body: BodyOf<typeof contract.createCheckout> = minimalCheckout) {
  const res = await merchant.call(contract.createCheckout, { body });
  if (!res.ok) throw new Error(`checkout creation failed: ${res.status} ${res.text}`);
  return res.body.data;
}

async function expect422(body: unknown, field: string, merchant: Merchant = m) {
  const res = await merchant.send(contract.createCheckout, { body });
  expectStatus(res, 422, `${JSON.stringify(body).slice(0, 200)} → ${res.text.slice(0, 300)}`);
  expectErrorShape(res.body, 'validation_error');
  expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain(field);
  return res;
}

const statusInDb = async (id: string) =>
  (await sql<{ status: string }[]>`select status from checkouts where id = ${id}`)[0]?.status;
const eventsOf = (id: string) =>
  sql<{ event_type: string; data: Record<string, unknown>; merchant_id: string; resource_type: string }[]>`
    select event_type, data, merchant_id, resource_type from events where resource_id = ${id} order by sequence`;

describe('POST /api/v1/merchants/checkouts', () => {
  it('creates a pending checkout from the three required fields, in the public shape', async () => {
    const res = await m.call(contract.createCheckout, { body: minimalCheckout });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Checkout created');
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(PUBLIC_FIELDS);
    expect(data.id).toMatch(UUID);
    expect(data.status).toBe('pending');
    expect(data.payment_reference).toMatch(REFERENCE);
    expect(data.amount).toBe(25.5);
    expect(data.currency_code).toBe('GHS');
    expect(data.customer_email).toBe('ada@example.com');
    expect(data.customer_name).toBeNull();
    expect(data.customer_phone).toBeNull();
    expect(data.customer_phone_editable).toBe(true);
    expect(data.description).toBeNull();
    expect(data.paid_at).toBeNull();
    expect(data.created_at).toMatch(TIMESTAMP);
    expect(data.expires_at).toMatch(TIMESTAMP);
    expect(ms(data.expires_at) - ms(data.created_at)).toBe(60 * 60_000);
    expect(Math.abs(ms(data.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('returns a checkout_url on the configured host carrying a valid token for this checkout', async () => {
    const data = await create(m);
    const prefix = `${process.env.CHECKOUT_BASE_URL}/pay/${data.payment_reference}#token=`;
    expect(data.checkout_url.startsWith(prefix)).toBe(true);
    const token = data.checkout_url.slice(prefix.length);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = await verifyCheckoutToken(token);
    expect(claims).toEqual({ checkoutId: data.id, paymentReference: data.payment_reference });
    // The URL is stable: reading the checkout again yields the same link.
    const again = await m.ok(contract.getCheckout, { params: { checkout_id: data.id } });
    expect(again.body.data.checkout_url).toBe(data.checkout_url);
  });

  it('builds checkout_url from configuration, never from the request host', async () => {
    const data = (
      await m.ok(contract.createCheckout, {
        body: minimalCheckout,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      })
    ).body.data;
    expect(new URL(data.checkout_url).origin).toBe(new URL(process.env.CHECKOUT_BASE_URL!).origin);
  });

  it('stores every optional field and echoes them', async () => {
    const data = await create(m, {
      ...minimalCheckout,
      customer_name: 'Ada Lovelace',
      customer_phone: '+233 24-412 3456',
      customer_phone_editable: false,
      description: 'Order 1001',
      meta_data: { order_id: '1001' },
    });
    expect(data.customer_name).toBe('Ada Lovelace');
    expect(data.customer_phone).toBe('+233244123456');
    expect(data.customer_phone_editable).toBe(false);
    expect(data.description).toBe('Order 1001');
    expect('meta_data' in data).toBe(false);
    const [row] =
      await sql`select customer_phone, customer_phone_editable, meta_data from checkouts where id = ${data.id}`;
    expect(row).toEqual({
      customer_phone: '+233244123456',
      customer_phone_editable: false,
      meta_data: { order_id: '1001' },
    });
  });

  it('stores the amount as integer minor units, and writes the checkout.created event and the expiry job', async () => {
    const data = await create(m, { ...minimalCheckout, amount: 1234.56, meta_data: { order_id: 'A-1', note: 'x' } });
    const [row] =
      await sql`select amount::text as amount, currency_code, status, merchant_id, expires_at from checkouts where id = ${data.id}`;
    expect(row!.amount).toBe('123456');
    expect(row!.currency_code).toBe('GHS');
    expect(row!.status).toBe('pending');
    expect(row!.merchant_id).toBe(m.id);

    const events = await eventsOf(data.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.event_type).toBe('checkout.created');
    expect(events[0]!.merchant_id).toBe(m.id);
    expect(events[0]!.resource_type).toBe('checkout');
    const eventData = events[0]!.data;
    expect(Object.keys(eventData).sort()).toEqual(FULL_FIELDS);
    expect(eventData).toMatchObject({
      id: data.id,
      merchant_id: m.id,
      payment_reference: data.payment_reference,
      // The same working link create returned, token and all: a link from a webhook opens the page.
      checkout_url: data.checkout_url,
      amount: 1234.56,
      currency_code: 'GHS',
      status: 'pending',
      meta_data: { order_id: 'A-1', note: 'x' },
      expires_at: data.expires_at,
      created_at: data.created_at,
    });
    // The event carries the same full shape the list returns.
    const listed = (await m.ok(contract.listCheckouts, { query: { limit: 1 } })).body.data[0];
    expect(eventData).toEqual(listed);

    const jobs = await sql<{ task_identifier: string; key: string; payload: unknown; run_at: Date }[]>`
      select t.identifier as task_identifier, j.key, j.payload, j.run_at
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where j.key = ${`expire_checkout:${data.id}`}`;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.task_identifier).toBe('expire_checkout');
    expect(jobs[0]!.payload).toEqual({ checkout_id: data.id });
    expect(new Date(jobs[0]!.run_at).getTime()).toBe(ms(data.expires_at));
  });

  it('creates nothing when the request is refused', async () => {
    const before = await sql`select count(*)::int as n from checkouts`;
    const beforeEvents = await sql`select count(*)::int as n from events`;
    await expect422({ ...minimalCheckout, amount: 0 }, 'amount');
    await expect422({ ...minimalCheckout, currency_code: 'XYZ' }, 'currency_code');
    expect(await sql`select count(*)::int as n from checkouts`).toEqual(before);
    expect(await sql`select count(*)::int as n from events`).toEqual(beforeEvents);
  });

  describe('expires_in_minutes', () => {
    it.each([5, 10080])('accepts %i', async (minutes) => {
      const data = await create(m, { ...minimalCheckout, expires_in_minutes: minutes });
      expect(ms(data.expires_at) - ms(data.created_at)).toBe(minutes * 60_000);
      const [job] = await sql<
        { run_at: Date }[]
      >`select run_at from graphile_worker.jobs where key = ${`expire_checkout:${data.id}`}`;
      expect(new Date(job!.run_at).getTime()).toBe(ms(data.expires_at));
    });

    it.each([4, 10081, 1.5, 0, -5, '60', null])('refuses %j', async (minutes) => {
      await expect422({ ...minimalCheckout, expires_in_minutes: minutes }, 'expires_in_minutes');
    });
  });

  describe('amount', () => {
    it.each([
      [25.5, '2550'],
      [0.01, '1'],
      [100, '10000'],
      [0.1, '10'],
      [999999999999.99, '99999999999999'],
    ])('accepts %j (stored as %s minor units)', async (amount, minor) => {
      const data = await create(m, { ...minimalCheckout, amount });
      expect(data.amount).toBe(amount);
      const [row] = await sql`select amount::text as amount from checkouts where id = ${data.id}`;
      expect(row!.amount).toBe(minor);
    });

    it.each([1.234, 0.001, 0.1 + 0.2, 0, -0, -1, -0.01, '10', '25.50', null, true, 1e15, 1000000000000])(
      'refuses %j',
      async (amount) => {
        await expect422({ ...minimalCheckout, amount }, 'amount');
      },
    );

    it('is required', async () => {
      const { amount: _amount, ...rest } = minimalCheckout;
      await expect422(rest, 'amount');
    });
  });

  describe('currency_code', () => {
    it('normalises lowercase to uppercase', async () => {
      const data = await create(m, { ...minimalCheckout, currency_code: 'ghs' });
      expect(data.currency_code).toBe('GHS');
      const [row] = await sql`select currency_code from checkouts where id = ${data.id}`;
      expect(row!.currency_code).toBe('GHS');
    });

    it.each(['GHS', 'KES', 'NGN', 'ETB', 'USD', 'EUR', 'GBP'])(
      'a verified merchant may charge in %s',
      async (currency) => {
        const data = await create(m, { ...minimalCheckout, currency_code: currency });
        expect(data.currency_code).toBe(currency);
      },
    );

    it.each(['XYZ', 'US', 'USDT', '', 123, null])('refuses %j', async (currency) => {
      await expect422({ ...minimalCheckout, currency_code: currency }, 'currency_code');
    });

    it('an unverified merchant may charge in local currencies only', async () => {
      const unverified = await newMerchant({ kyb_status: 'unverified' });
      for (const currency of ['GHS', 'KES', 'NGN', 'ETB']) {
        expect((await create(unverified, { ...minimalCheckout, currency_code: currency })).currency_code).toBe(
          currency,
        );
      }
      expect((await create(unverified, { ...minimalCheckout, currency_code: 'kes' })).currency_code).toBe('KES');
      for (const currency of ['USD', 'usd', 'EUR', 'GBP']) {
        await expect422({ ...minimalCheckout, currency_code: currency }, 'currency_code', unverified);
      }
      const [row] = await sql`select count(*)::int as n from checkouts where merchant_id = ${unverified.id}`;
      expect(row!.n).toBe(5);
    });

    it('a pending-KYB merchant may charge in local currencies only', async () => {
      const pending = await newMerchant({ kyb_status: 'pending' });
      expect((await create(pending, { ...minimalCheckout, currency_code: 'NGN' })).currency_code).toBe('NGN');
      await expect422({ ...minimalCheckout, currency_code: 'USD' }, 'currency_code', pending);
    });

    it('a rejected merchant may create no checkout at all (403 merchant_rejected)', async () => {
      const rejected = await newMerchant({ kyb_status: 'rejected' });
      for (const currency of ['GHS', 'USD']) {
        const res = await rejected.call(contract.createCheckout, {
          body: { ...minimalCheckout, currency_code: currency },
        });
        expectStatus(res, 403);
        expectErrorShape(res.body, 'merchant_rejected');
      }
      const [row] = await sql`select count(*)::int as n from checkouts where merchant_id = ${rejected.id}`;
      expect(row!.n).toBe(0);
    });
  });

  describe('customer fields', () => {
    it.each(['not-an-email', 'ada@', '@example.com', '', 42, null])('refuses customer_email %j', async (email) => {
      await expect422({ ...minimalCheckout, customer_email: email }, 'customer_email');
    });

    it('requires customer_email', async () => {
      const { customer_email: _e, ...rest } = minimalCheckout;
      await expect422(rest, 'customer_email');
    });

    it.each([
      ['+233 24-412 3456', '+233244123456'],
      ['+1 (415) 555.0100', '+14155550100'],
      ['233244123456', '233244123456'],
      // docs/decisions/checkouts.md: 7–15 digits with an optional +; a local number with a trunk 0 is still 10 digits.
      ['024 412 3456', '0244123456'],
    ])('normalises customer_phone %j to %j', async (phone, normalised) => {
      const data = await create(m, { ...minimalCheckout, customer_phone: phone });
      expect(data.customer_phone).toBe(normalised);
    });

    it.each(['abc', '12345', '+1234567890123456', '+233 24 412 345x', '++233244123456', 233244123456])(
      'refuses customer_phone %j',
      async (phone) => {
        await expect422({ ...minimalCheckout, customer_phone: phone }, 'customer_phone');
      },
    );

    it('a blank customer_name or description has no value: it reads as null (spec 2.1), or is refused, never ""', async () => {
      const res = await m.call(contract.createCheckout, {
        body: { ...minimalCheckout, customer_name: '   ', description: '' },
      });
      if (res.status === 422) {
        expectErrorShape(res.body, 'validation_error');
        return;
      }
      expectStatus(res, 200);
      expect(res.body.data.customer_name).toBeNull();
      expect(res.body.data.description).toBeNull();
      const [row] = await sql`select customer_name, description from checkouts where id = ${res.body.data.id}`;
      expect(row).toEqual({ customer_name: null, description: null });
    });

    it('trims customer_name and description', async () => {
      const data = await create(m, { ...minimalCheckout, customer_name: '  Ada  ', description: ' Order 7 ' });
      expect(data.customer_name).toBe('Ada');
      expect(data.description).toBe('Order 7');
    });

    it('refuses over-long customer_name and description, and a non-boolean customer_phone_editable', async () => {
      await expect422({ ...minimalCheckout, customer_name: 'n'.repeat(201) }, 'customer_name');
      await expect422({ ...minimalCheckout, description: 'd'.repeat(501) }, 'description');
      await expect422({ ...minimalCheckout, customer_phone_editable: 'no' }, 'customer_phone_editable');
      expect(
        (await create(m, { ...minimalCheckout, customer_name: 'n'.repeat(200), description: 'd'.repeat(500) }))
          .description,
      ).toHaveLength(500);
    });
  });

  describe('meta_data', () => {
    it('accepts up to 50 keys of up to 40 characters with string values', async () => {
      const meta = Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [`k${String(i).padStart(39, '0')}`, 'v'.repeat(500)]),
      );
      const data = await create(m, { ...minimalCheckout, meta_data: meta });
      const [row] = await sql`select meta_data from checkouts where id = ${data.id}`;
      expect(row!.meta_data).toEqual(meta);
    });

    it.each([
      ['a number value', { order_id: 1001 }],
      ['a null value', { order_id: null }],
      ['a nested object', { order: { id: '1' } }],
      ['more than 50 keys', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']))],
      ['a key over 40 characters', { ['k'.repeat(41)]: 'v' }],
      ['an empty key', { '': 'v' }],
      ['a value over 500 characters', { note: 'v'.repeat(501) }],
      ['an array', ['a', 'b']],
      ['a string', 'order 1001'],
    ])('refuses %s', async (_label, meta) => {
      const res = await m.send(contract.createCheckout, { body: { ...minimalCheckout, meta_data: meta } });
      expectStatus(res, 422);
      expectErrorShape(res.body, 'validation_error');
      expect(res.body.error.fields.some((f: { field: string }) => f.field.startsWith('meta_data'))).toBe(true);
    });
  });

  it('never silently drops a meta_data key (a __proto__ key is stored as given or refused)', async () => {
    const res = await m.send(contract.createCheckout, {
      body: '{"customer_email":"ada@example.com","amount":1,"currency_code":"GHS","meta_data":{"__proto__":"x","order_id":"1"}}',
      headers: { 'content-type': 'application/json' },
    });
    if (res.status === 422) {
      expectErrorShape(res.body, 'validation_error');
      return;
    }
    expectStatus(res, 200);
    const [row] = await sql`select meta_data::text as meta from checkouts where id = ${res.body.data.id}`;
    expect(JSON.parse(row!.meta as string)).toEqual(JSON.parse('{"__proto__":"x","order_id":"1"}'));
  });

  it('refuses an unknown field, naming it', async () => {
    const res = await expect422({ ...minimalCheckout, colour: 'blue' }, 'colour');
    expect(res.body.error.fields).toContainEqual({ field: 'colour', message: expect.any(String) });
  });

  it('refuses a body that is not an object', async () => {
    for (const body of ['[]', '"x"', '42', 'null']) {
      const res = await m.send(contract.createCheckout, { body, headers: { 'content-type': 'application/json' } });
      expectStatus(res, 422, `${body} → ${res.text}`);
      expectErrorShape(res.body, 'validation_error');
    }
  });

  it('refuses a missing body (all required fields missing)', async () => {
    const res = await m.send(contract.createCheckout);
    expectStatus(res, 422);
    const fields = res.body.error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['customer_email', 'amount', 'currency_code']));
  });
});

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

describe('GET /api/v1/merchants/checkouts/{checkout_id}', () => {
  it('returns the full shape (what webhooks carry), with customer_phone_editable and the working link', async () => {
    const data = await create(m, {
      ...minimalCheckout,
      customer_name: 'Ada',
      customer_phone_editable: false,
      customer_phone: '0244123456',
      meta_data: { order_id: '7' },
    });
    const res = await m.call(contract.getCheckout, { params: { checkout_id: data.id } });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(Object.keys(res.body.data).sort()).toEqual(FULL_FIELDS);
    // Everything create said, the same…
    expect(res.body.data).toMatchObject(data);
    // …and what only the full shape carries, for recovering a missed webhook.
    expect(res.body.data).toMatchObject({
      merchant_id: m.id,
      meta_data: { order_id: '7' },
      payment_method: null,
      approval_status: 'pending_approval',
      completed_at: null,
      customer_phone_editable: false,
    });
    const [event] = await eventsOf(data.id);
    expect(res.body.data).toEqual(event!.data);
  });

  it("answers 404 for another merchant's checkout", async () => {
    const other = await newMerchant();
    const theirs = await create(other);
    const res = await m.call(contract.getCheckout, { params: { checkout_id: theirs.id } });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');
    expect(res.text).not.toContain(theirs.payment_reference);
  });

  it('answers 404 for an unknown UUID', async () => {
    const res = await m.call(contract.getCheckout, { params: { checkout_id: '00000000-0000-4000-8000-000000000000' } });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');
  });

  it.each(['not-a-uuid', '123', 'PAY-0123456789ABCDEF'])('answers 422 for the id %j', async (id) => {
    const res = await m.call(contract.getCheckout, { params: { checkout_id: id } });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain('checkout_id');
  });
});

describe('POST /api/v1/merchants/checkouts/{checkout_id}/cancel', () => {
  const cancel = (merchant: Merchant, id: string) =>
    merchant.call(contract.cancelCheckout, { params: { checkout_id: id } });

  it('cancels a pending checkout and records checkout.cancelled', async () => {
    const data = await create(m);
    const res = await cancel(m, data.id);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Checkout cancelled');
    expect(Object.keys(res.body.data).sort()).toEqual(PUBLIC_FIELDS);
    expect(res.body.data).toMatchObject({
      id: data.id,
      status: 'cancelled',
      payment_reference: data.payment_reference,
    });
    expect(res.body.data.checkout_url).toBe(data.checkout_url);

    const [row] = await sql`select status, cancelled_at from checkouts where id = ${data.id}`;
    expect(row!.status).toBe('cancelled');
    expect(row!.cancelled_at).not.toBeNull();
    const events = await eventsOf(data.id);
    expect(events.map((e) => e.event_type)).toEqual(['checkout.created', 'checkout.cancelled']);
    expect(events[1]!.data).toMatchObject({ id: data.id, status: 'cancelled', merchant_id: m.id });
    expect(Object.keys(events[1]!.data).sort()).toEqual(FULL_FIELDS);

    expect((await m.ok(contract.getCheckout, { params: { checkout_id: data.id } })).body.data.status).toBe('cancelled');
  });

  it('of concurrent cancels exactly one succeeds, and one event is written', async () => {
    const data = await create(m);
    const results = await Promise.all(Array.from({ length: 8 }, () => cancel(m, data.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expectErrorShape(r.body, 'checkout_not_cancellable');
    }
    expect((await eventsOf(data.id)).map((e) => e.event_type)).toEqual(['checkout.created', 'checkout.cancelled']);
  });

  it('refuses to cancel twice (409 checkout_not_cancellable) and writes no second event', async () => {
    const data = await create(m);
    expect((await cancel(m, data.id)).status).toBe(200);
    const again = await cancel(m, data.id);
    expect(again.status).toBe(409);
    expectErrorShape(again.body, 'checkout_not_cancellable');
    expect((await eventsOf(data.id)).map((e) => e.event_type)).toEqual(['checkout.created', 'checkout.cancelled']);
  });

  it.each(['paid', 'completed', 'processing', 'expired', 'awaiting_payment_initiation', 'failed', 'timeout'])(
    'refuses to cancel a %s checkout, which stays so',
    async (status) => {
      const data = await create(m);
      await sql`update checkouts set status = ${status}, paid_at = case when ${status} in ('paid', 'completed') then now() end where id = ${data.id}`;
      const res = await cancel(m, data.id);
      expect(res.status).toBe(409);
      expectErrorShape(res.body, 'checkout_not_cancellable');
      expect(res.body.message).toContain(status);
      expect(await statusInDb(data.id)).toBe(status);
      expect((await m.ok(contract.getCheckout, { params: { checkout_id: data.id } })).body.data.status).toBe(status);
      expect((await eventsOf(data.id)).map((e) => e.event_type)).toEqual(['checkout.created']);
    },
  );

  it('refuses to cancel a pending checkout past expires_at', async () => {
    const data = await create(m);
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${data.id}`;
    const res = await cancel(m, data.id);
    expect(res.status).toBe(409);
    expectErrorShape(res.body, 'checkout_not_cancellable');
    expect(await statusInDb(data.id)).toBe('pending');
    expect((await m.ok(contract.getCheckout, { params: { checkout_id: data.id } })).body.data.status).toBe('expired');
    expect((await eventsOf(data.id)).map((e) => e.event_type)).toEqual(['checkout.created']);
  });

  it("answers 404 for another merchant's checkout and leaves it untouched", async () => {
    const other = await newMerchant();
    const theirs = await create(other);
    const res = await cancel(m, theirs.id);
    expect(res.status).toBe(404);
    expectErrorShape(res.body, 'not_found');
    expect(await statusInDb(theirs.id)).toBe('pending');
    expect((await eventsOf(theirs.id)).map((e) => e.event_type)).toEqual(['checkout.created']);
  });

  it('answers 404 for an unknown UUID and 422 for a non-UUID', async () => {
    const unknown = await cancel(m, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.body, 'not_found');
    const bad = await cancel(m, 'nope');
    expect(bad.status).toBe(422);
    expectErrorShape(bad.body, 'validation_error');
  });

  it('refuses a body', async () => {
    const data = await create(m);
    const res = await m.send(contract.cancelCheckout, {
      params: { checkout_id: data.id },
      body: { reason: 'changed my mind' },
    });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(await statusInDb(data.id)).toBe('pending');
  });
});
