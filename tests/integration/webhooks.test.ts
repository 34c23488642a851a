import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../lib/platform/time';
import { TIMESTAMP, UUID } from '../support/shapes';
import { newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { closeAllReceivers, startReceiver, type ReceivedWebhook } from '../support/webhook-receiver';
import { resetConfigForTests } from '../../lib/platform/config';
import { deliverDueNow } from '../../lib/notifications/webhooks/dispatcher';
import { verifyWebhookSignature } from '../../lib/notifications/webhooks/verify';
import {
  caller,
  expectErrorShape,
  expectStatus,
  type BodyOf,
  type Caller,
  type ErrorBody,
  type QueryOf,
} from '../support/caller';
import type { ApiKeyPermission } from '../../lib/platform/db/schema';

import { contract } from '../support/contract';

/**
 * The webhook endpoint API (issue 6, spec 4.5): create, list, get, update, delete, rotate the secret,
 * send a test event, list deliveries with their attempts, redeliver; limits, validation (SSRF
 * included) and permissions. Deliveries are made by calling the dispatcher here (deliverDueNow), to real
 * receivers on 127.0.0.1 (endpoints created with the sandbox-only allow_loopback).
 */

/** A public address (no DNS at creation; never called: no delivery is run for these endpoints). */
const PUBLIC_URL = 'https://93.184.215.14/hooks';

const sql = testSql();

const fieldsOf = (body: ErrorBody): string[] => body.error.fields.map((f) => f.field);

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
});

async function createWebhook(api: Caller, body: BodyOf<typeof contract.createWebhook>) {
  const res = await api.call(contract.createWebhook, { body });
  if (!res.ok) throw new Error(`webhook creation failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/** An endpoint pointing at a new receiver on 127.0.0.1. */
async function receiverWebhook(
  m: Merchant,
  options: { events?: string[]; responder?: Parameters<typeof startReceiver>[0] } = {},
) {
  const receiver = await startReceiver(options.responder);
  const webhook = await createWebhook(m, {
    url: receiver.url,
    events: options.events ?? ['*'],
    allow_loopback: true,
  });
  return { receiver, webhook };
}

async function createKey(m: Merchant, permissions: ApiKeyPermission[]) {
  const res = await m.call(contract.createApiKey, {
    body: { name: `Restricted ${permissions.join('+')}`, scope: 'RESTRICTED', permissions },
  });
  if (!res.ok) throw new Error(`key creation failed: ${res.text}`);
  return caller({ 'x-api-key': res.body.data.secret_key });
}

async function deliveriesOf(
  m: Merchant,
  webhookId: string,
  query: QueryOf<typeof contract.listWebhookDeliveries> = {},
) {
  return (await m.ok(contract.listWebhookDeliveries, { params: { webhook_id: webhookId }, query })).body;
}

async function withPaymentRails<T>(rails: 'sandbox' | 'live', fn: () => Promise<T>): Promise<T> {
  const saved = process.env.PAYMENT_RAILS;
  process.env.PAYMENT_RAILS = rails;
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    process.env.PAYMENT_RAILS = saved;
    resetConfigForTests();
  }
}

describe('POST /api/v1/merchants/webhooks', () => {
  it('creates an endpoint and shows its secret (whsec_ + ≥ 24 random bytes, base64url) once', async () => {
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
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]+$/);
    const random = Buffer.from(hook.secret.slice('whsec_'.length), 'base64url');
    expect(random.length).toBeGreaterThanOrEqual(24);
    expect(random.toString('base64url')).toBe(hook.secret.slice('whsec_'.length));
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

    it('allow_loopback is refused outside sandbox mode (PAYMENT_RAILS=live)', async () => {
      const m = await newMerchant();
      const existing = await createWebhook(m, {
        url: 'http://127.0.0.1:9/hooks',
        events: ['*'],
        allow_loopback: true,
      });
      await withPaymentRails('live', async () => {
        const res = await m.call(contract.createWebhook, {
          body: {
            url: 'http://127.0.0.1:9/hooks',
            events: ['*'],
            allow_loopback: true,
          },
        });
        expectStatus(res, 422);
        expectErrorShape(res.body, 'validation_error');
        expect(fieldsOf(res.body)).toContain('allow_loopback');
        const put = await m.call(contract.updateWebhook, {
          params: { webhook_id: existing.id },
          body: { allow_loopback: true },
        });
        expectStatus(put, 422);
        expect(fieldsOf(put.body)).toContain('allow_loopback');
        // Without the flag, a public https endpoint is fine in live mode.
        expect((await m.call(contract.createWebhook, { body: { url: PUBLIC_URL, events: ['*'] } })).status).toBe(200);
      });
    });
  });
});

describe('GET /api/v1/merchants/webhooks and /{webhook_id}', () => {
  it('lists the merchant’s own endpoints, oldest first', async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const a = await createWebhook(m, { url: `${PUBLIC_URL}/a`, events: ['*'] });
    const b = await createWebhook(m, { url: `${PUBLIC_URL}/b`, events: ['checkout.paid'] });
    await createWebhook(other, { url: `${PUBLIC_URL}/other`, events: ['*'] });
    const list = await m.call(contract.listWebhooks);
    expectStatus(list, 200);
    expect(list.body.data.map((w) => w.id)).toEqual([a.id, b.id]);
    expect(list.body.data[1]).toMatchObject({
      url: `${PUBLIC_URL}/b`,
      events: ['checkout.paid'],
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
    const empty = await (await newMerchant()).call(contract.listWebhooks);
    expectStatus(empty, 200);
    expect(empty.body.data).toEqual([]);
  });

  it('gets one endpoint; another merchant’s, an unknown or a malformed id is refused', async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const hook = await createWebhook(m, { url: PUBLIC_URL, events: ['*'] });
    const one = await m.call(contract.getWebhook, { params: { webhook_id: hook.id } });
    expectStatus(one, 200);
    expect(one.body.data.id).toBe(hook.id);
    for (const res of [
      await other.call(contract.getWebhook, { params: { webhook_id: hook.id } }),
      await m.call(contract.getWebhook, { params: { webhook_id: crypto.randomUUID() } }),
    ]) {
      expect(res.status).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    const bad = await m.call(contract.getWebhook, { params: { webhook_id: 'not-a-uuid' } });
    expectStatus(bad, 422);
    expect(fieldsOf(bad.body)).toContain('webhook_id');
    // Another merchant cannot touch it at all.
    for (const res of [
      await other.call(contract.updateWebhook, { params: { webhook_id: hook.id }, body: { enabled: false } }),
      await other.call(contract.deleteWebhook, { params: { webhook_id: hook.id } }),
      await other.call(contract.rotateWebhookSecret, { params: { webhook_id: hook.id } }),
      await other.call(contract.sendWebhookTest, { params: { webhook_id: hook.id } }),
      await other.call(contract.listWebhookDeliveries, { params: { webhook_id: hook.id } }),
    ]) {
      expect(res.status).toBe(404);
    }
    const after = await m.ok(contract.getWebhook, { params: { webhook_id: hook.id } });
    expect(after.body.data).toEqual(one.body.data);
  });
});

describe('PUT /api/v1/merchants/webhooks/{webhook_id}', () => {
  it('updates url, events and description; unknown fields and bad values are 422', async () => {
    const m = await newMerchant();
    const hook = await createWebhook(m, { url: PUBLIC_URL, events: ['checkout.paid'], description: 'old' });
    const res = await m.call(contract.updateWebhook, {
      params: { webhook_id: hook.id },
      body: {
        url: 'https://93.184.215.15/v2',
        events: ['checkout.refunded', 'payout.completed'],
        description: 'new',
      },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({
      url: 'https://93.184.215.15/v2',
      events: ['checkout.refunded', 'payout.completed'],
      description: 'new',
      enabled: true,
    });
    expect(res.body.data).not.toHaveProperty('secret');
    expect(res.body.data.secret_hint).toBe(hook.secret_hint);
    expect((await m.ok(contract.getWebhook, { params: { webhook_id: hook.id } })).body.data).toEqual(res.body.data);

    // Fields not given are kept; description can be cleared.
    const cleared = await m.ok(contract.updateWebhook, {
      params: { webhook_id: hook.id },
      body: { description: null },
    });
    expect(cleared.body.data).toMatchObject({
      url: 'https://93.184.215.15/v2',
      events: ['checkout.refunded', 'payout.completed'],
      description: null,
    });

    for (const [body, field] of [
      [{ url: 'https://10.0.0.1/x' }, 'url'],
      [{ url: 'https://169.254.169.254/' }, 'url'],
      [{ url: 'http://93.184.215.14/x' }, 'url'],
      [{ url: 'https://localhost/x' }, 'url'],
      [{ events: ['checkout.nope'] }, 'events.0'],
      [{ events: [] }, 'events'],
      [{ enabled: 'no' }, 'enabled'],
      [{ secret: 'whsec_x' }, 'secret'],
    ] as const) {
      const bad = await m.send(contract.updateWebhook, { params: { webhook_id: hook.id }, body });

      expectStatus(bad, 422, `${JSON.stringify(body)}: ${bad.text}`);
      expectErrorShape(bad.body, 'validation_error');
      expect(fieldsOf(bad.body)).toContain(field);
    }
    expect((await m.ok(contract.getWebhook, { params: { webhook_id: hook.id } })).body.data.url).toBe(
      'https://93.184.215.15/v2',
    );
    expect(
      (
        await m.call(contract.updateWebhook, {
          params: { webhook_id: crypto.randomUUID() },
          body: { description: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('turning allow_loopback off on a loopback endpoint is refused (its url would no longer be allowed)', async () => {
    const m = await newMerchant();
    const hook = await createWebhook(m, { url: 'http://127.0.0.1:9/hooks', events: ['*'], allow_loopback: true });
    const res = await m.call(contract.updateWebhook, {
      params: { webhook_id: hook.id },
      body: { allow_loopback: false },
    });
    expectStatus(res, 422);
    expect(fieldsOf(res.body)).toContain('url');
    const moved = await m.call(contract.updateWebhook, {
      params: { webhook_id: hook.id },
      body: { allow_loopback: false, url: PUBLIC_URL },
    });
    expectStatus(moved, 200);
    expect(moved.body.data).toMatchObject({ allow_loopback: false, url: PUBLIC_URL });
    // And a loopback url needs the flag.
    const back = await m.call(contract.updateWebhook, {
      params: { webhook_id: hook.id },
      body: { url: 'http://127.0.0.1:9/hooks' },
    });
    expectStatus(back, 422);
  });

  it('disables with a reason; re-enabling clears disabled_reason, disabled_at and failing_since', async () => {
    const m = await newMerchant();
    const hook = await createWebhook(m, { url: PUBLIC_URL, events: ['*'] });
    const off = await m.call(contract.updateWebhook, { params: { webhook_id: hook.id }, body: { enabled: false } });
    expectStatus(off, 200);
    expect(off.body.data).toMatchObject({
      enabled: false,
      disabled_reason: 'Disabled by the merchant',
      disabled_at: expect.stringMatching(TIMESTAMP),
    });

    // As the dispatcher leaves an endpoint it disabled after 5 days of failures.
    await sql`update webhook_endpoints
                 set enabled = false, disabled_at = now(), failing_since = now() - interval '5 days 1 minute',
                     disabled_reason = 'Every attempt has failed since … (5 days); the last: HTTP 500'
               where id = ${hook.id}`;
    const disabled = (await m.ok(contract.getWebhook, { params: { webhook_id: hook.id } })).body.data;
    expect(disabled).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringContaining('5 days'),
      failing_since: expect.stringMatching(TIMESTAMP),
    });

    const on = await m.call(contract.updateWebhook, { params: { webhook_id: hook.id }, body: { enabled: true } });
    expectStatus(on, 200);
    expect(on.body.data).toMatchObject({
      enabled: true,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
    });
    expect((await m.ok(contract.getWebhook, { params: { webhook_id: hook.id } })).body.data).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
  });
});

describe('DELETE /api/v1/merchants/webhooks/{webhook_id}', () => {
  it('deletes: then 404 everywhere, gone from the list, pending deliveries cancelled and never sent', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await receiverWebhook(m);
    const keep = await createWebhook(m, { url: PUBLIC_URL, events: ['*'] });
    const test = await m.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } });
    expectStatus(test, 200);
    const pending = await sql`select status from webhook_deliveries where endpoint_id = ${webhook.id}`;
    expect(pending.map((r) => r.status)).toEqual(['pending']);

    const res = await m.call(contract.deleteWebhook, { params: { webhook_id: webhook.id } });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({ id: webhook.id, deleted: true });
    expect(res.body.data).not.toHaveProperty('secret');

    const cancelled = await sql`select status from webhook_deliveries where endpoint_id = ${webhook.id}`;
    expect(cancelled.map((r) => r.status)).toEqual(['cancelled']);
    await deliverDueNow(undefined, { now: new Date(Date.now() + 86_400_000) });
    expect(receiver.received).toHaveLength(0);

    for (const r of [
      await m.call(contract.getWebhook, { params: { webhook_id: webhook.id } }),
      await m.call(contract.updateWebhook, { params: { webhook_id: webhook.id }, body: { enabled: true } }),
      await m.call(contract.deleteWebhook, { params: { webhook_id: webhook.id } }),
      await m.call(contract.rotateWebhookSecret, { params: { webhook_id: webhook.id } }),
      await m.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } }),
      await m.call(contract.listWebhookDeliveries, { params: { webhook_id: webhook.id } }),
      await m.call(contract.redeliverWebhookDelivery, {
        params: { webhook_id: webhook.id, delivery_id: test.body.data.delivery_id },
      }),
    ]) {
      expect(r.status, r.text).toBe(404);
      expectErrorShape(r.body, 'not_found');
    }
    expect((await m.ok(contract.listWebhooks)).body.data.map((w) => w.id)).toEqual([keep.id]);

    // New events are not queued for it.
    await m.call(contract.createCheckout, {
      body: {
        customer_email: 'ada@example.com',
        amount: 10,
        currency_code: 'GHS',
      },
    });
    const after = await sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${webhook.id}`;
    expect(after[0]!.n).toBe(1);
  });
});

describe('POST /api/v1/merchants/webhooks/{webhook_id}/rotate-secret', () => {
  it('makes a new secret; for 24 h deliveries carry two v1 that verify with the old and the new secret', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await receiverWebhook(m);
    const oldSecret = webhook.secret as string;

    // Before: one v1, the original secret.
    await m.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } });
    await deliverDueNow();
    expect(receiver.received).toHaveLength(1);
    const before = receiver.received[0]!;
    expect(String(before.headers['x-webhook-signature']).match(/v1=/g)).toHaveLength(1);
    expect(verifyWebhookSignature(before.raw, before.headers['x-webhook-signature'] as string, oldSecret)).toBe(true);

    const started = Date.now();
    const res = await m.call(contract.rotateWebhookSecret, { params: { webhook_id: webhook.id } });
    expectStatus(res, 200);
    const newSecret = res.body.data.secret as string;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/);
    expect(newSecret).not.toBe(oldSecret);
    expect(res.body.data.secret_hint).toBe(`whsec_…${newSecret.slice(-4)}`);
    expect(res.body.data.secret_rotated_at).toMatch(TIMESTAMP);
    const expires = Date.parse(`${res.body.data.previous_secret_expires_at}Z`);
    expect(expires).toBeGreaterThanOrEqual(started + 24 * 3600_000 - 5_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 5_000);
    const got = await m.ok(contract.getWebhook, { params: { webhook_id: webhook.id } });
    expect(got.text).not.toContain(newSecret);
    expect(got.text).not.toContain(oldSecret);
    expect(got.body.data).not.toHaveProperty('secret');

    // During the overlap: two v1 signatures, either secret verifies, a third does not.
    await m.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } });
    await deliverDueNow();
    expect(receiver.received).toHaveLength(2);
    const during = receiver.received[1]!;
    const header = during.headers['x-webhook-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(during.raw, header, newSecret)).toBe(true);
    expect(verifyWebhookSignature(during.raw, header, oldSecret)).toBe(true);
    expect(verifyWebhookSignature(during.raw, header, `whsec_${crypto.randomBytes(32).toString('base64url')}`)).toBe(
      false,
    );
    // The first v1 is the new secret's.
    const t = Number(/t=(\d+)/.exec(header)![1]);
    const firstV1 = /v1=([0-9a-f]{64})/.exec(header)![1];
    expect(firstV1).toBe(crypto.createHmac('sha256', newSecret).update(`${t}.${during.raw}`).digest('hex'));

    // After 24 h only the new secret signs.
    await m.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } });
    const later = new Date(Date.now() + 24 * 3600_000 + 60_000);
    await deliverDueNow(undefined, { now: later });
    expect(receiver.received).toHaveLength(3);
    const after = receiver.received[2]!;
    const afterHeader = after.headers['x-webhook-signature'] as string;
    const laterSeconds = Math.floor(later.getTime() / 1000);
    expect(afterHeader.match(/v1=/g)).toHaveLength(1);
    expect(verifyWebhookSignature(after.raw, afterHeader, newSecret, 300, laterSeconds)).toBe(true);
    expect(verifyWebhookSignature(after.raw, afterHeader, oldSecret, 300, laterSeconds)).toBe(false);
  });

  it('rotating again while the previous secret still signs is a 409: receivers on the first secret never break', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await receiverWebhook(m);
    const first = webhook.secret as string;
    const second = (await m.ok(contract.rotateWebhookSecret, { params: { webhook_id: webhook.id } })).body.data
      .secret as string;
    const again = await m.call(contract.rotateWebhookSecret, { params: { webhook_id: webhook.id } });
    expectStatus(again, 409);
    expectErrorShape(again.body, 'rotation_in_progress');
    await m.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } });
    await deliverDueNow();
    const got = (await receiver.waitFor(1))[0]!;
    const header = got.headers['x-webhook-signature'] as string;
    expect(verifyWebhookSignature(got.raw, header, second)).toBe(true);
    expect(verifyWebhookSignature(got.raw, header, first)).toBe(true);
  });
});

describe('POST /api/v1/merchants/webhooks/{webhook_id}/test', () => {
  it('sends webhook.test to that endpoint only, whatever it subscribes to', async () => {
    const m = await newMerchant();
    const a = await receiverWebhook(m, { events: ['checkout.paid'] });
    const b = await receiverWebhook(m, { events: ['*'] });
    const other = await newMerchant();
    const c = await receiverWebhook(other, { events: ['*'] });

    const res = await m.call(contract.sendWebhookTest, { params: { webhook_id: a.webhook.id } });
    expectStatus(res, 200);
    expect(res.body.data).toEqual({
      event_id: expect.stringMatching(UUID),
      delivery_id: expect.stringMatching(UUID),
      status: 'pending',
    });
    await deliverDueNow();

    expect(b.receiver.received).toHaveLength(0);
    expect(c.receiver.received).toHaveLength(0);
    expect(a.receiver.received).toHaveLength(1);
    const got = a.receiver.received[0]!;
    expect(got.headers['x-webhook-event']).toBe('webhook.test');
    expect(got.headers['x-webhook-id']).toBe(res.body.data.event_id);
    expect(got.json).toMatchObject({
      id: res.body.data.event_id,
      event_type: 'webhook.test',
      idempotency_key: res.body.data.event_id,
      data: { webhook_id: a.webhook.id, message: expect.any(String) },
    });
    expect(verifyWebhookSignature(got.raw, got.headers['x-webhook-signature'] as string, a.webhook.secret)).toBe(true);
    const deliveries = await sql`select endpoint_id from webhook_deliveries where event_id = ${res.body.data.event_id}`;
    expect(deliveries.map((d) => d.endpoint_id)).toEqual([a.webhook.id]);
  });

  it('a disabled endpoint: 409 webhook_disabled', async () => {
    const m = await newMerchant();
    const hook = await createWebhook(m, { url: PUBLIC_URL, events: ['*'], enabled: false });
    const res = await m.call(contract.sendWebhookTest, { params: { webhook_id: hook.id } });
    expectStatus(res, 409);
    expectErrorShape(res.body, 'webhook_disabled');
    const rows = await sql`select 1 from events where webhook_endpoint_id = ${hook.id}`;
    expect(rows).toHaveLength(0);
  });
});

describe('GET …/deliveries and POST …/deliveries/{delivery_id}/redeliver', () => {
  it('lists deliveries with the payload and every attempt: status code, latency, truncated body, next retry', async () => {
    const m = await newMerchant();
    const longBody = `${'E'.repeat(4000)}-end`;
    const { receiver, webhook } = await receiverWebhook(m, {
      responder: (_r, i) => (i === 0 ? { status: 500, body: longBody, delayMs: 30 } : { status: 200, body: 'ok' }),
    });
    const test = (await m.ok(contract.sendWebhookTest, { params: { webhook_id: webhook.id } })).body.data;

    const t0 = new Date();
    await deliverDueNow(undefined, { now: t0 });
    let list = await deliveriesOf(m, webhook.id);
    expect(list.pagination).toMatchObject({ total: 1 });
    const pending = list.data[0]!;
    expect(pending).toMatchObject({
      id: test.delivery_id,
      webhook_id: webhook.id,
      event_id: test.event_id,
      event_type: 'webhook.test',
      status: 'pending',
      attempt_count: 1,
      last_status_code: 500,
      last_error: null,
      delivered_at: null,
      payload: { id: test.event_id, event_type: 'webhook.test', idempotency_key: test.event_id },
    });
    const retryAt = Date.parse(`${pending.next_attempt_at}Z`);
    expect(retryAt - t0.getTime()).toBeGreaterThanOrEqual(4500);
    expect(retryAt - t0.getTime()).toBeLessThanOrEqual(5500);
    expect(pending.attempts).toHaveLength(1);
    const first = pending.attempts[0]!;
    expect(first).toMatchObject({
      attempt_number: 1,
      succeeded: false,
      status_code: 500,
      error: null,
      next_retry_at: pending.next_attempt_at,
    });
    expect(first.latency_ms).toBeGreaterThanOrEqual(25);
    expect(first.latency_ms).toBeLessThan(5000);
    expect(first.response_body!.length).toBeLessThanOrEqual(1024);
    expect(first.response_body).toBe(longBody.slice(0, 1024));
    expect(first.attempted_at).toBe(formatTimestamp(t0));

    // Attempt 2 when it is due: success.
    await deliverDueNow(undefined, { now: new Date(retryAt + 1) });
    expect(receiver.received).toHaveLength(2);
    list = await deliveriesOf(m, webhook.id);
    expect(list.data[0]).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
      next_attempt_at: null,
      last_status_code: 200,
      delivered_at: expect.stringMatching(TIMESTAMP),
    });
    expect(
      list.data[0]!.attempts.map((a) => [
        a.attempt_number,
        a.succeeded,
        a.status_code,
        a.response_body,
        a.next_retry_at,
      ]),
    ).toEqual([
      [1, false, 500, longBody.slice(0, 1024), pending.next_attempt_at],
      [2, true, 200, 'ok', null],
    ]);

    // Filters and paging.
    await m.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } });
    expect((await deliveriesOf(m, webhook.id)).data.map((d) => d.status)).toEqual(['pending', 'succeeded']);
    expect((await deliveriesOf(m, webhook.id, { status: 'succeeded' })).data.map((d) => d.id)).toEqual([
      test.delivery_id,
    ]);
    expect((await deliveriesOf(m, webhook.id, { status: 'SUCCEEDED' })).data.map((d) => d.id)).toEqual([
      test.delivery_id,
    ]);
    expect((await deliveriesOf(m, webhook.id, { event_type: 'checkout.paid' })).data).toEqual([]);
    const page2 = await deliveriesOf(m, webhook.id, { size: 1, page: 2 });
    expect(page2.data.map((d) => d.id)).toEqual([test.delivery_id]);
    expect(page2.pagination).toMatchObject({ total: 2 });
    for (const query of ['status=nope', 'size=0', 'size=101', 'limit=5']) {
      const bad = await m.send(contract.listWebhookDeliveries, { params: { webhook_id: webhook.id }, query });
      expect(bad.status, query).toBe(422);
    }
  });

  it('redelivers an event: same id and idempotency key, attempt history kept', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await receiverWebhook(m);
    const test = (await m.ok(contract.sendWebhookTest, { params: { webhook_id: webhook.id } })).body.data;
    await deliverDueNow();
    expect(receiver.received).toHaveLength(1);

    const res = await m.call(contract.redeliverWebhookDelivery, {
      params: { webhook_id: webhook.id, delivery_id: test.delivery_id },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({
      id: test.delivery_id,
      status: 'pending',
      attempt_count: 0,
      event_id: test.event_id,
    });
    await deliverDueNow();
    expect(receiver.received).toHaveLength(2);
    const [one, two] = receiver.received as [ReceivedWebhook, ReceivedWebhook];
    expect(two.headers['x-webhook-id']).toBe(one.headers['x-webhook-id']);
    expect(two.json!.id).toBe(test.event_id);
    expect(two.json!.idempotency_key).toBe(one.json!.idempotency_key);
    expect(two.json).toEqual(one.json);
    expect(verifyWebhookSignature(two.raw, String(two.headers['x-webhook-signature']), webhook.secret)).toBe(true);

    const list = await deliveriesOf(m, webhook.id);
    expect(list.data[0]).toMatchObject({ status: 'succeeded' });
    expect(list.data[0]!.attempts).toHaveLength(2);
    expect(list.data[0]!.attempts.every((a) => a.succeeded)).toBe(true);

    // Unknown, malformed, or another endpoint's delivery.
    const otherHook = await receiverWebhook(m);
    for (const [params, status] of [
      [{ webhook_id: webhook.id, delivery_id: crypto.randomUUID() }, 404],
      [{ webhook_id: otherHook.webhook.id, delivery_id: test.delivery_id }, 404],
      [{ webhook_id: webhook.id, delivery_id: 'nope' }, 422],
    ] as const) {
      const r = await m.call(contract.redeliverWebhookDelivery, { params });
      expect(r.status, JSON.stringify(params)).toBe(status);
      expectErrorShape(r.body);
    }

    // A disabled endpoint cannot redeliver.
    await m.call(contract.updateWebhook, { params: { webhook_id: webhook.id }, body: { enabled: false } });
    const disabled = await m.call(contract.redeliverWebhookDelivery, {
      params: { webhook_id: webhook.id, delivery_id: test.delivery_id },
    });
    expectStatus(disabled, 409);
    expectErrorShape(disabled.body, 'webhook_disabled');
  });

  it('another merchant cannot list or redeliver, even through its own endpoint id', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const hookA = await receiverWebhook(a);
    const hookB = await receiverWebhook(b);
    const test = (await a.ok(contract.sendWebhookTest, { params: { webhook_id: hookA.webhook.id } })).body.data;
    expect((await b.call(contract.listWebhookDeliveries, { params: { webhook_id: hookA.webhook.id } })).status).toBe(
      404,
    );
    expect(
      (
        await b.call(contract.redeliverWebhookDelivery, {
          params: { webhook_id: hookA.webhook.id, delivery_id: test.delivery_id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await b.call(contract.redeliverWebhookDelivery, {
          params: { webhook_id: hookB.webhook.id, delivery_id: test.delivery_id },
        })
      ).status,
    ).toBe(404);
    expect((await deliveriesOf(b, hookB.webhook.id)).data).toEqual([]);
    const row = await sql`select status, attempt_count from webhook_deliveries where id = ${test.delivery_id}`;
    expect(row[0]).toMatchObject({ status: 'pending', attempt_count: 0 });
  });
});

describe('permissions', () => {
  it('a RESTRICTED key needs `webhook` to write; `read` may only read; others get 403', async () => {
    const m = await newMerchant();
    const { webhook } = await receiverWebhook(m);
    const delivery = (await m.ok(contract.sendWebhookTest, { params: { webhook_id: webhook.id } })).body.data
      .delivery_id;

    const writes = (api: Caller) => [
      () => api.call(contract.createWebhook, { body: { url: PUBLIC_URL, events: ['*'] } }),
      () => api.call(contract.updateWebhook, { params: { webhook_id: webhook.id }, body: { description: 'changed' } }),
      () => api.call(contract.rotateWebhookSecret, { params: { webhook_id: webhook.id } }),
      () => api.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } }),
      () => api.call(contract.redeliverWebhookDelivery, { params: { webhook_id: webhook.id, delivery_id: delivery } }),
      () => api.call(contract.deleteWebhook, { params: { webhook_id: webhook.id } }),
    ];
    const reads = (api: Caller) => [
      () => api.call(contract.listWebhooks),
      () => api.call(contract.getWebhook, { params: { webhook_id: webhook.id } }),
      () => api.call(contract.listWebhookDeliveries, { params: { webhook_id: webhook.id } }),
    ];

    for (const permissions of [['checkout'], ['write'], ['checkout', 'write']] satisfies ApiKeyPermission[][]) {
      const api = await createKey(m, permissions);
      for (const call of [...reads(api), ...writes(api)]) {
        const res = await call();
        expect(res.status, `${permissions}: ${res.text}`).toBe(403);
        expectErrorShape(res.body, 'insufficient_permissions');
      }
    }

    const reader = await createKey(m, ['read']);
    for (const call of reads(reader)) expect((await call()).status).toBe(200);
    for (const call of writes(reader)) {
      const res = await call();
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 'insufficient_permissions');
    }
    // Nothing changed.
    const rows = await sql`select description, secret, deleted_at from webhook_endpoints where merchant_id = ${m.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ description: null, secret: webhook.secret, deleted_at: null });

    const hooks = await createKey(m, ['webhook']);
    for (const call of reads(hooks)) expect((await call()).status).toBe(200);
    for (const call of writes(hooks)) {
      const res = await call();
      expect(res.status, res.text).toBe(200);
    }
  });

  it('no key or a wrong key: 401', async () => {
    for (const api of [caller(), caller({ 'x-api-key': 'sk_test_nope' })]) {
      const res = await api.call(contract.listWebhooks);
      expectStatus(res, 401);
      expectErrorShape(res.body);
    }
  });
});
