import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { TIMESTAMP, UUID } from '../../support/shapes';
import { liveKeyOf, newMerchant } from '../../support/fixtures';
import { closeAllReceivers } from '../../support/webhook-receiver';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { PUBLIC_URL, sql, fieldsOf, createWebhook } from './helpers';

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
});

describe('POST /api/v1/merchants/webhooks', () => {
  it('creates an endpoint and shows its secret (whsec_ + 32 random bytes, standard base64, as Standard Webhooks reads it) once', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.createWebhook, {
      body: {
        url: PUBLIC_URL,
        events: ['checkout.paid', 'checkout.created'],
        description: 'Orders',
      },
    });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    const hook = res.body.data;
    expect(hook).toMatchObject({
      id: expect.stringMatching(UUID),
      merchant_id: m.id,
      url: PUBLIC_URL,
      description: 'Orders',
      events: ['checkout.created', 'checkout.paid'],
      enabled: true,
      allow_loopback: false,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      created_at: expect.stringMatching(TIMESTAMP),
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const random = Buffer.from(hook.secret.slice('whsec_'.length), 'base64');
    expect(random.length).toBe(32);
    expect(random.toString('base64')).toBe(hook.secret.slice('whsec_'.length));
    // The Standard Webhooks library takes it as it is.
    expect(() => new Webhook(hook.secret)).not.toThrow();
    expect(hook.secret_hint).toBe(`whsec_…${hook.secret.slice(-4)}`);

    // Never again: not in GET one, not in the list.
    const one = await m.ok(contract.getWebhook, { params: { webhook_id: hook.id } });
    const list = await m.ok(contract.listWebhooks);
    for (const res of [one, list]) {
      expect(res.text).not.toContain(hook.secret);
      expect(res.text).not.toContain(hook.secret.slice('whsec_'.length, -4));
    }
    expect(one.body.data).not.toHaveProperty('secret');
    expect(list.body.data[0]).not.toHaveProperty('secret');
    const { secret: _secret, ...withoutSecret } = hook;
    expect(one.body.data).toEqual(withoutSecret);

    // Every endpoint gets its own secret.
    const other = await createWebhook(m, { url: PUBLIC_URL, events: ['*'] });
    expect(other.secret).not.toBe(hook.secret);
    expect(other.events).toEqual(['*']);
  });

  it('normalises the event list: duplicates dropped, sorted, and "*" absorbs the rest', async () => {
    const m = await newMerchant();
    const a = await createWebhook(m, {
      url: PUBLIC_URL,
      events: ['checkout.paid', 'checkout.paid', 'checkout.created'],
    });
    expect(a.events).toEqual(['checkout.created', 'checkout.paid']);
    const b = await createWebhook(m, { url: PUBLIC_URL, events: ['checkout.paid', '*'] });
    expect(b.events).toEqual(['*']);
  });

  it('creates a disabled endpoint when asked, with the reason', async () => {
    const m = await newMerchant();
    const hook = await createWebhook(m, { url: PUBLIC_URL, events: ['*'], enabled: false });
    expect(hook).toMatchObject({
      enabled: false,
      disabled_reason: 'Disabled by the merchant',
      disabled_at: expect.stringMatching(TIMESTAMP),
    });
  });

  it('allows at most 16 endpoints per merchant (409 webhook_limit_reached), even when created concurrently', async () => {
    const m = await newMerchant();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        m.call(contract.createWebhook, { body: { url: `${PUBLIC_URL}/${i}`, events: ['*'] } }),
      ),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(16);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    for (const r of refused) expectErrorShape(r.body, 'webhook_limit_reached');
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from webhook_endpoints where merchant_id = ${m.id}`;
    expect(row!.n).toBe(16);

    // A deleted endpoint frees its place.
    const first = results.find((r) => r.ok)!.body.data.id;
    expect((await m.call(contract.deleteWebhook, { params: { webhook_id: first } })).status).toBe(200);
    expect((await m.call(contract.createWebhook, { body: { url: PUBLIC_URL, events: ['*'] } })).status).toBe(200);
    const again = await m.call(contract.createWebhook, { body: { url: PUBLIC_URL, events: ['*'] } });
    expectStatus(again, 409);
    expectErrorShape(again.body, 'webhook_limit_reached');

    // The limit is per merchant.
    const other = await newMerchant();
    expect((await other.call(contract.createWebhook, { body: { url: PUBLIC_URL, events: ['*'] } })).status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no url', { events: ['*'] }, 'url'],
    ['an empty url', { url: '', events: ['*'] }, 'url'],
    ['a url that is not a string', { url: 42, events: ['*'] }, 'url'],
    ['a url that is not a URL', { url: 'not a url', events: ['*'] }, 'url'],
    ['an ftp url', { url: 'ftp://93.184.215.14/hooks', events: ['*'] }, 'url'],
    ['an http url to a public address', { url: 'http://93.184.215.14/hooks', events: ['*'] }, 'url'],
    [
      'an http url to a public address, even with allow_loopback',
      { url: 'http://93.184.215.14/hooks', events: ['*'], allow_loopback: true },
      'url',
    ],
    ['credentials in the url', { url: 'https://user:pass@93.184.215.14/hooks', events: ['*'] }, 'url'],
    ['a user name in the url', { url: 'https://user@93.184.215.14/hooks', events: ['*'] }, 'url'],
    ['a fragment', { url: 'https://93.184.215.14/hooks#x', events: ['*'] }, 'url'],
    ['a url over 2048 characters', { url: `https://93.184.215.14/${'a'.repeat(2048)}`, events: ['*'] }, 'url'],
    ['no events', { url: PUBLIC_URL }, 'events'],
    ['an empty event list', { url: PUBLIC_URL, events: [] }, 'events'],
    ['events as a string', { url: PUBLIC_URL, events: 'checkout.paid' }, 'events'],
    ['an unknown event identifier', { url: PUBLIC_URL, events: ['checkout.paid', 'checkout.pay'] }, 'events.1'],
    ['a wildcard other than "*"', { url: PUBLIC_URL, events: ['checkout.*'] }, 'events.0'],
    ['an event that is not a string', { url: PUBLIC_URL, events: [7] }, 'events.0'],
    ['enabled not a boolean', { url: PUBLIC_URL, events: ['*'], enabled: 'yes' }, 'enabled'],
    ['allow_loopback not a boolean', { url: PUBLIC_URL, events: ['*'], allow_loopback: 'true' }, 'allow_loopback'],
    [
      'a description over 500 characters',
      { url: PUBLIC_URL, events: ['*'], description: 'd'.repeat(501) },
      'description',
    ],
    ['an unknown field', { url: PUBLIC_URL, events: ['*'], secret: 'whsec_mine' }, 'secret'],
    ['a misspelt field', { url: PUBLIC_URL, event: ['*'] }, 'event'],
  ])('refuses %s (422)', async (_name, body, field) => {
    const m = await newMerchant();
    const res = await m.send(contract.createWebhook, { body });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(fieldsOf(res.body)).toContain(field);
    const rows = await sql`select 1 from webhook_endpoints where merchant_id = ${m.id}`;
    expect(rows).toHaveLength(0);
  });

  it('refuses a body that is not a JSON object', async () => {
    const m = await newMerchant();
    for (const body of ['[]', '"x"', '{"url":']) {
      const res = await m.send(contract.createWebhook, { body });
      expect([400, 422]).toContain(res.status);
      expectErrorShape(res.body);
    }
  });

  describe('SSRF: internal addresses are refused at creation (422) unless loopback is opted in', () => {
    const INTERNAL = [
      'http://127.0.0.1/hooks',
      'https://127.0.0.1/hooks',
      'http://127.0.0.1:8080/hooks',
      'http://2130706433/hooks', // decimal 127.0.0.1
      'http://0177.0.0.1/hooks', // octal 127.0.0.1
      'http://0x7f000001/hooks', // hex
      'http://127.1/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::1]/hooks',
      'https://localhost/hooks',
      'http://localhost:3000/hooks',
      'https://api.localhost/hooks',
      'https://localhost./hooks', // the fully qualified spelling of localhost (RFC 6761: always loopback)
      'https://api.localhost./hooks',
      'https://10.0.0.1/hooks',
      'https://172.16.0.1/hooks',
      'https://192.168.1.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:169.254.169.254]/',
      'https://100.64.0.1/hooks',
      'https://224.0.0.1/hooks',
      'https://0.0.0.0/hooks',
      'https://[::]/hooks',
      'https://[fd00::1]/hooks',
      'https://[fd00:ec2::254]/hooks',
      'https://[fe80::1]/hooks',
      'https://[ff02::1]/hooks',
    ];

    it.each(INTERNAL)('%s', async (url) => {
      const m = await newMerchant();
      const res = await m.call(contract.createWebhook, { body: { url, events: ['*'] } });
      expectStatus(res, 422);
      expectErrorShape(res.body, 'validation_error');
      expect(fieldsOf(res.body)).toEqual(['url']);
      const rows = await sql`select 1 from webhook_endpoints where merchant_id = ${m.id}`;
      expect(rows).toHaveLength(0);
    });

    it('allow_loopback (sandbox) opens loopback only, never private, link-local or unique-local', async () => {
      const m = await newMerchant();
      for (const url of [
        'http://127.0.0.1:9/hooks',
        'http://[::1]:9/hooks',
        'http://localhost:9/hooks',
        'http://2130706433:9/hooks',
        'https://127.0.0.1/hooks',
      ]) {
        const res = await m.call(contract.createWebhook, { body: { url, events: ['*'], allow_loopback: true } });
        expectStatus(res, 200, `${url}: ${res.text}`);
        expect(res.body.data.allow_loopback).toBe(true);
      }
      for (const url of [
        'https://10.0.0.1/hooks',
        'http://10.0.0.1/hooks',
        'https://169.254.169.254/',
        'https://[fd00::1]/',
        'http://[::ffff:10.0.0.1]/',
        'https://192.168.1.1/',
      ]) {
        const res = await m.call(contract.createWebhook, { body: { url, events: ['*'], allow_loopback: true } });
        expectStatus(res, 422, `${url}: ${res.text}`);
        expect(fieldsOf(res.body)).toEqual(['url']);
      }
    });

    it('the decimal form is stored as the address it means', async () => {
      const m = await newMerchant();
      const hook = await createWebhook(m, {
        url: 'http://2130706433:9/hooks',
        events: ['*'],
        allow_loopback: true,
      });
      expect(hook.url).toBe('http://127.0.0.1:9/hooks');
    });

    it('allow_loopback is refused to live-mode endpoints (a live key)', async () => {
      const m = await newMerchant();
      const live = await liveKeyOf(m);
      const res = await live.call(contract.createWebhook, {
        body: { url: 'http://127.0.0.1:9/hooks', events: ['*'], allow_loopback: true },
      });
      expectStatus(res, 422);
      expectErrorShape(res.body, 'validation_error');
      expect(fieldsOf(res.body)).toContain('allow_loopback');
      const existing = (await live.ok(contract.createWebhook, { body: { url: PUBLIC_URL, events: ['*'] } })).body.data;
      const put = await live.call(contract.updateWebhook, {
        params: { webhook_id: existing.id },
        body: { allow_loopback: true },
      });
      expectStatus(put, 422);
      expect(fieldsOf(put.body)).toContain('allow_loopback');
    });
  });
});
