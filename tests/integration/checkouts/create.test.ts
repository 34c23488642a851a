import { beforeAll, describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../../support/shapes';
import { verifyCheckoutToken } from '../../../lib/checkout/token';
import { minimalCheckout, newMerchant, type Merchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { REFERENCE, PUBLIC_FIELDS, FULL_FIELDS, ms, sql, create, eventsOf, expect422 } from './helpers';

let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
});

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

    // No job: the worker's sweep expires it (lib/worker/expiry-sweeper.ts).
    expect(
      await sql`select id from graphile_worker._private_jobs where payload->>'checkout_id' = ${data.id}`,
    ).toHaveLength(0);
  });

  it('creates nothing when the request is refused', async () => {
    const before = await sql`select count(*)::int as n from checkouts`;
    const beforeEvents = await sql`select count(*)::int as n from events`;
    await expect422(m, { ...minimalCheckout, amount: 0 }, 'amount');
    await expect422(m, { ...minimalCheckout, currency_code: 'XYZ' }, 'currency_code');
    expect(await sql`select count(*)::int as n from checkouts`).toEqual(before);
    expect(await sql`select count(*)::int as n from events`).toEqual(beforeEvents);
  });

  describe('expires_in_minutes', () => {
    it.each([5, 10080])('accepts %i', async (minutes) => {
      const data = await create(m, { ...minimalCheckout, expires_in_minutes: minutes });
      expect(ms(data.expires_at) - ms(data.created_at)).toBe(minutes * 60_000);
      const [row] = await sql<{ expires_at: Date }[]>`select expires_at from checkouts where id = ${data.id}`;
      expect(new Date(row!.expires_at).getTime()).toBe(ms(data.expires_at));
    });

    it.each([4, 10081, 1.5, 0, -5, '60', null])('refuses %j', async (minutes) => {
      await expect422(m, { ...minimalCheckout, expires_in_minutes: minutes }, 'expires_in_minutes');
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
        await expect422(m, { ...minimalCheckout, amount }, 'amount');
      },
    );

    it('is required', async () => {
      const { amount: _amount, ...rest } = minimalCheckout;
      await expect422(m, rest, 'amount');
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
      await expect422(m, { ...minimalCheckout, currency_code: currency }, 'currency_code');
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
        await expect422(unverified, { ...minimalCheckout, currency_code: currency }, 'currency_code');
      }
      const [row] = await sql`select count(*)::int as n from checkouts where merchant_id = ${unverified.id}`;
      expect(row!.n).toBe(5);
    });

    it('a pending-KYB merchant may charge in local currencies only', async () => {
      const pending = await newMerchant({ kyb_status: 'pending' });
      expect((await create(pending, { ...minimalCheckout, currency_code: 'NGN' })).currency_code).toBe('NGN');
      await expect422(pending, { ...minimalCheckout, currency_code: 'USD' }, 'currency_code');
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
      await expect422(m, { ...minimalCheckout, customer_email: email }, 'customer_email');
    });

    it('requires customer_email', async () => {
      const { customer_email: _e, ...rest } = minimalCheckout;
      await expect422(m, rest, 'customer_email');
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
        await expect422(m, { ...minimalCheckout, customer_phone: phone }, 'customer_phone');
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
      await expect422(m, { ...minimalCheckout, customer_name: 'n'.repeat(201) }, 'customer_name');
      await expect422(m, { ...minimalCheckout, description: 'd'.repeat(501) }, 'description');
      await expect422(m, { ...minimalCheckout, customer_phone_editable: 'no' }, 'customer_phone_editable');
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
    const res = await expect422(m, { ...minimalCheckout, colour: 'blue' }, 'colour');
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

describe('the checkout and its checkout.created event, written by one statement', () => {
  it("carries the branding's success URL in both, and the event equals what a get shows", async () => {
    const branded = await newMerchant();
    await branded.ok(contract.updateBranding, { body: { success_redirect_url: 'https://shop.example.com/thanks' } });
    const data = await create(branded);
    const shown = (await branded.ok(contract.getCheckout, { params: { checkout_id: data.id } })).body.data;
    expect(shown.redirect_url).toBe('https://shop.example.com/thanks');
    const [event] = await eventsOf(data.id);
    expect(event!.data).toEqual(shown);
  });

  it('writes neither when the event cannot be written', async () => {
    await sql.unsafe(`
      create function refuse_event() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$;
      create trigger refuse_event before insert on events for each row
        when (new.data->>'description' = 'no event') execute function refuse_event();`);
    try {
      const res = await m.call(contract.createCheckout, { body: { ...minimalCheckout, description: 'no event' } });
      expect(res.status).toBe(500);
      expect(await sql`select id from checkouts where description = 'no event'`).toHaveLength(0);
    } finally {
      await sql.unsafe('drop trigger refuse_event on events; drop function refuse_event();');
    }
  });
});
