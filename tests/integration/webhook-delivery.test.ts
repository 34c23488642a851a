import { afterEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../lib/platform/time';
import { newMerchant, paidCheckout, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import {
  closeAllReceivers,
  closedPort,
  startReceiver,
  type Receiver,
  type Responder,
  type Reply,
} from '../support/webhook-receiver';
import { resetConfigForTests } from '../../lib/platform/config';
import {
  claimDue,
  deliverClaimed,
  deliverDueNow,
  startWebhookDispatcher,
  USER_AGENT,
} from '../../lib/notifications/webhooks/dispatcher';
import { getDb } from '../../lib/platform/db/client';
import { WEBHOOK_API_VERSION } from '../../lib/notifications/webhooks/envelope';
import { verifyWebhookSignature } from '../../lib/notifications/webhooks/verify';
import { expectStatus } from '../support/caller';
import { contract } from '../support/contract';

/**
 * Delivering webhooks (issue 6): the envelope and its signature, event filtering, the retry schedule
 * under a controllable clock (deliverDueNow's `now`), Retry-After, 410, redirects, timeouts, refused
 * connections, independence of endpoints and events, and disabling after 5 days of failures. Receivers
 * are real HTTP servers on 127.0.0.1.
 */
const SCHEDULE = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600];
const DAY = 86_400_000;

const sql = testSql();

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
});

async function hook(m: Merchant, options: { events?: string[]; responder?: Responder | Reply; url?: string } = {}) {
  const receiver = await startReceiver(options.responder ?? { status: 200 });
  const res = await m.call(contract.createWebhook, {
    body: {
      url: options.url ?? receiver.url,
      events: options.events ?? ['*'],
      allow_loopback: true,
    },
  });
  if (!res.ok) throw new Error(`webhook creation failed: ${res.text}`);
  return { receiver, webhook: res.body.data };
}

async function testEvent(m: Merchant, webhookId: string) {
  const res = await m.call(contract.sendWebhookTest, { params: { webhook_id: webhookId } });
  if (!res.ok) throw new Error(`test event failed: ${res.text}`);
  return res.body.data;
}

/** Delivers everything due at `now` until nothing more is due (at most 4 per endpoint are claimed at once). */
async function drain(now?: Date) {
  const results = [];
  for (let round = 0; round < 50; round++) {
    const batch = await deliverDueNow(undefined, now ? { now } : {});
    if (batch.length === 0) return results;
    results.push(...batch);
  }
  throw new Error('deliveries kept coming');
}

async function deliveryRow(id: string) {
  const [row] = await sql<
    {
      status: string;
      attempt_count: number;
      next_attempt_at: Date;
      last_status_code: number | null;
      last_error: string | null;
    }[]
  >`
    select status, attempt_count, next_attempt_at, last_status_code, last_error from webhook_deliveries where id = ${id}`;
  return row!;
}

async function endpoint(m: Merchant, id: string) {
  const res = await m.call(contract.getWebhook, { params: { webhook_id: id } });
  expectStatus(res, 200);
  return res.body.data;
}

async function deliveryView(m: Merchant, webhookId: string, deliveryId: string) {
  const res = await m.call(contract.listWebhookDeliveries, { params: { webhook_id: webhookId }, query: { size: 100 } });
  expectStatus(res, 200);
  const view = res.body.data.find((d) => d.id === deliveryId);
  if (!view) throw new Error(`delivery ${deliveryId} is not listed: ${res.text}`);
  return view;
}

async function withEnv<T>(extra: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(extra).map((k) => [k, process.env[k]]));
  Object.assign(process.env, extra);
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  }
}

const signatureOf = (r: { headers: Record<string, unknown> }) => r.headers['x-webhook-signature'] as string;
const timestampOf = (header: string) => Number(/(?:^|,)t=(\d+)/.exec(header)![1]);

describe('the delivery', () => {
  it('a paid checkout produces checkout.paid: the envelope, the checkout with its meta_data, a verifiable signature', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { events: ['checkout.paid'] });
    const meta = { order_id: 'ord_8841', customer_ref: 'cus_77' };
    const { checkout } = await paidCheckout(m, { meta_data: meta, amount: 42.5 });
    await drain();

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/hooks');

    // The signature, on the raw body as received, with the secret shown at creation.
    expect(verifyWebhookSignature(got.raw, got.headers['x-webhook-signature'] as string, webhook.secret)).toBe(true);
    expect(verifyWebhookSignature(got.raw, got.headers['x-webhook-signature'] as string, `${webhook.secret}x`)).toBe(
      false,
    );
    expect(verifyWebhookSignature(`${got.raw} `, got.headers['x-webhook-signature'] as string, webhook.secret)).toBe(
      false,
    );
    expect(Math.abs(timestampOf(signatureOf(got)) - Date.now() / 1000)).toBeLessThan(30);

    // The envelope: exactly these fields.
    const body = got.json!;
    expect(Object.keys(body).sort()).toEqual([
      'api_version',
      'created_at',
      'data',
      'event_type',
      'id',
      'idempotency_key',
    ]);
    const [event] = await sql<{ id: string; created_at: Date }[]>`
      select id, created_at from events where resource_id = ${checkout.id} and event_type = 'checkout.paid'`;
    expect(body).toMatchObject({
      id: event!.id,
      event_type: 'checkout.paid',
      idempotency_key: event!.id,
      created_at: formatTimestamp(event!.created_at),
      api_version: WEBHOOK_API_VERSION,
    });

    // data is the checkout in its full API shape (spec 2.5: the shape of the list and of every checkout
    // event), paid, with the merchant's meta_data.
    const list = await m.call(contract.listCheckouts, { query: { limit: 100 } });
    expectStatus(list, 200);
    const current = list.body.data.find((c) => c.id === checkout.id);
    expect(body.data).toMatchObject({
      id: checkout.id,
      status: 'paid',
      meta_data: meta,
      payment_reference: checkout.payment_reference,
    });
    expect(body.data.paid_at).not.toBeNull();
    expect(body.data).toEqual(current);

    // Headers.
    expect(got.headers['x-webhook-id']).toBe(event!.id);
    expect(got.headers['x-webhook-event']).toBe('checkout.paid');
    expect(got.headers['x-webhook-attempt']).toBe('1');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe(USER_AGENT);
    expect(got.headers['x-webhook-signature']).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(Number(got.headers['content-length'])).toBe(Buffer.byteLength(got.raw));

    const view = await deliveryView(
      m,
      webhook.id,
      (await sql<{ id: string }[]>`select id from webhook_deliveries where endpoint_id = ${webhook.id}`)[0]!.id,
    );
    expect(view).toMatchObject({
      status: 'succeeded',
      attempt_count: 1,
      last_status_code: 200,
      event_type: 'checkout.paid',
    });
    expect(view.payload).toEqual(body);
    expect((await endpoint(m, webhook.id)).last_success_at).not.toBeNull();
  });

  it('subscribing to a subset filters events; "*" gets every event; a disabled endpoint gets none', async () => {
    const m = await newMerchant();
    const paidOnly = await hook(m, { events: ['checkout.paid'] });
    const createdOnly = await hook(m, { events: ['checkout.created', 'payout.completed'] });
    const all = await hook(m, { events: ['*'] });
    const disabled = await hook(m, { events: ['*'] });
    expect(
      (await m.call(contract.updateWebhook, { params: { webhook_id: disabled.webhook.id }, body: { enabled: false } }))
        .status,
    ).toBe(200);
    const other = await newMerchant();
    const otherAll = await hook(other, { events: ['*'] });

    const { checkout } = await paidCheckout(m);
    await drain();

    const events = await sql<{ id: string; event_type: string }[]>`
      select id, event_type from events where merchant_id = ${m.id} and created_at >= (
        select created_at from webhook_endpoints where id = ${all.webhook.id}) order by sequence`;
    expect(events.map((e) => e.event_type)).toContain('checkout.created');
    expect(events.map((e) => e.event_type)).toContain('checkout.paid');

    const typesOf = (r: Receiver) => r.received.map((x) => x.json!.event_type).sort();
    const idsOf = (r: Receiver) => r.received.map((x) => x.json!.id).sort();
    expect(idsOf(all.receiver)).toEqual(events.map((e) => e.id).sort());
    expect(typesOf(paidOnly.receiver)).toEqual(['checkout.paid']);
    expect(typesOf(createdOnly.receiver)).toEqual(['checkout.created']);
    expect(disabled.receiver.received).toHaveLength(0);
    expect(otherAll.receiver.received).toHaveLength(0);
    for (const r of all.receiver.received) {
      expect(verifyWebhookSignature(r.raw, signatureOf(r), all.webhook.secret)).toBe(true);
      expect(verifyWebhookSignature(r.raw, signatureOf(r), paidOnly.webhook.secret)).toBe(false);
    }
    expect(paidOnly.receiver.received[0]!.json!.data.id).toBe(checkout.id);
    // Events while it was disabled are not queued for it, even once it is re-enabled.
    expect((await sql`select 1 from webhook_deliveries where endpoint_id = ${disabled.webhook.id}`).length).toBe(0);
  });
});

describe('retries under a controllable clock', () => {
  it('500 every time: attempts at 0, +5 s, +5 min, +30 min, +2 h, +5 h, +10 h, +14 h, +20 h, +24 h (±10 %), then failed', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { responder: { status: 500, body: 'boom' } });
    const test = await testEvent(m, webhook.id);

    const start = new Date();
    let now = start;
    for (let attempt = 1; attempt <= 10; attempt++) {
      if (attempt > 1) {
        // A second before it is due: nothing happens.
        expect(await drain(new Date(now.getTime() - 1000))).toEqual([]);
        expect(receiver.received).toHaveLength(attempt - 1);
      }
      const results = await drain(now);
      expect(results.map((r) => r.statusCode)).toEqual([500]);
      expect(receiver.received).toHaveLength(attempt);
      const got = receiver.received[attempt - 1]!;
      expect(got.headers['x-webhook-attempt']).toBe(String(attempt));
      // A fresh timestamp (this attempt's clock) and signature.
      expect(timestampOf(signatureOf(got))).toBe(Math.floor(now.getTime() / 1000));
      expect(
        verifyWebhookSignature(got.raw, signatureOf(got), webhook.secret, 300, Math.floor(now.getTime() / 1000)),
      ).toBe(true);

      const row = await deliveryRow(test.delivery_id);
      expect(row.attempt_count).toBe(attempt);
      expect(row.last_status_code).toBe(500);
      if (attempt < 10) {
        expect(row.status).toBe('pending');
        const delay = (row.next_attempt_at.getTime() - now.getTime()) / 1000;
        const base = SCHEDULE[attempt - 1]!;
        expect(delay, `delay after attempt ${attempt}`).toBeGreaterThanOrEqual(base * 0.9 - 0.001);
        expect(delay, `delay after attempt ${attempt}`).toBeLessThanOrEqual(base * 1.1 + 0.001);
        now = new Date(row.next_attempt_at.getTime() + 1);
      } else {
        expect(row.status).toBe('failed');
      }
    }

    // Same id and idempotency key (and the very same body) every time; a new timestamp and signature.
    const bodies = receiver.received.map((r) => r.raw);
    expect(new Set(bodies).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.json!.id))).toEqual(new Set([test.event_id]));
    expect(new Set(receiver.received.map((r) => r.json!.idempotency_key))).toEqual(new Set([test.event_id]));
    expect(new Set(receiver.received.map((r) => r.headers['x-webhook-id']))).toEqual(new Set([test.event_id]));
    expect(new Set(receiver.received.map(signatureOf)).size).toBe(10);
    const stamps = receiver.received.map((r) => timestampOf(signatureOf(r)));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    // About 3 days from the first attempt to the last.
    const span = (stamps[9]! - stamps[0]!) / 86_400;
    expect(span).toBeGreaterThan(2.8);
    expect(span).toBeLessThan(3.5);

    // Failed is final: nothing more, however long we wait.
    expect(await drain(new Date(now.getTime() + 30 * DAY))).toEqual([]);
    expect(receiver.received).toHaveLength(10);

    const view = await deliveryView(m, webhook.id, test.delivery_id);
    expect(view).toMatchObject({ status: 'failed', attempt_count: 10, next_attempt_at: null, last_status_code: 500 });
    expect(view.attempts).toHaveLength(10);
    expect(view.attempts.map((a) => a.attempt_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(view.attempts.every((a) => a.status_code === 500 && a.response_body === 'boom' && !a.succeeded)).toBe(true);
    expect(view.attempts.slice(0, 9).every((a) => a.next_retry_at !== null)).toBe(true);
    expect(view.attempts[9]!.next_retry_at).toBeNull();
    // 3 days of failures is not yet 5: the endpoint stays enabled, failing since the first attempt.
    const ep = await endpoint(m, webhook.id);
    expect(ep).toMatchObject({ enabled: true, disabled_reason: null, failing_since: formatTimestamp(start) });
  });

  it('429 with Retry-After: 120 → the next attempt is not before +120 s; a 503 HTTP-date Retry-After is honoured too', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { responder: { status: 429, headers: { 'retry-after': '120' } } });
    const test = await testEvent(m, webhook.id);
    const t0 = new Date();
    await drain(t0);
    const row = await deliveryRow(test.delivery_id);
    expect(row).toMatchObject({ status: 'pending', attempt_count: 1, last_status_code: 429 });
    expect(row.next_attempt_at.getTime() - t0.getTime()).toBeGreaterThanOrEqual(120_000);
    expect(row.next_attempt_at.getTime() - t0.getTime()).toBeLessThanOrEqual(121_000);

    // +5 s (the schedule alone) and +119 s: not yet.
    expect(await drain(new Date(t0.getTime() + 5_500))).toEqual([]);
    expect(await drain(new Date(t0.getTime() + 119_000))).toEqual([]);
    expect(receiver.received).toHaveLength(1);

    // A 503 whose Retry-After is an HTTP date 10 minutes ahead (the date is read against the real clock).
    receiver.respondWith(() => ({
      status: 503,
      headers: { 'retry-after': new Date(Date.now() + 600_000).toUTCString() },
    }));
    const t1 = new Date(row.next_attempt_at.getTime() + 1);
    expect((await drain(t1)).map((r) => r.statusCode)).toEqual([503]);
    expect(receiver.received).toHaveLength(2);
    const row2 = await deliveryRow(test.delivery_id);
    // The schedule says 5 min (±10 %); the date asks for about 10.
    expect(row2.next_attempt_at.getTime() - t1.getTime()).toBeGreaterThanOrEqual(590_000);
    expect(row2.next_attempt_at.getTime() - t1.getTime()).toBeLessThanOrEqual(610_000);

    // Retry-After on a 500 is not a reason to wait (only 429 and 503): the schedule.
    receiver.respondWith({ status: 500, headers: { 'retry-after': '86400' } });
    const t2 = new Date(row2.next_attempt_at.getTime() + 1);
    await drain(t2);
    const row3 = await deliveryRow(test.delivery_id);
    expect(row3.attempt_count).toBe(3);
    expect(row3.next_attempt_at.getTime() - t2.getTime()).toBeLessThanOrEqual(1800_000 * 1.1 + 1);

    // And then success.
    receiver.respondWith({ status: 204 });
    await drain(new Date(row3.next_attempt_at.getTime() + 1));
    expect(await deliveryRow(test.delivery_id)).toMatchObject({
      status: 'succeeded',
      attempt_count: 4,
      last_status_code: 204,
    });
  });

  it('410 Gone disables the endpoint at once, with a reason; its other deliveries wait; re-enabling resumes them', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { responder: { status: 410 } });
    const first = await testEvent(m, webhook.id);
    const second = await testEvent(m, webhook.id);
    const third = await testEvent(m, webhook.id);
    const t0 = new Date();
    await deliverDueNow(undefined, { now: t0, limit: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.json!.id).toBe(first.event_id);

    expect(await deliveryRow(first.delivery_id)).toMatchObject({
      status: 'failed',
      attempt_count: 1,
      last_status_code: 410,
    });
    const ep = await endpoint(m, webhook.id);
    expect(ep.enabled).toBe(false);
    expect(ep.disabled_reason).toMatch(/410/);
    expect(ep.disabled_at).toBe(formatTimestamp(t0));
    const view = await deliveryView(m, webhook.id, first.delivery_id);
    expect(view).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(view.attempts[0]).toMatchObject({ status_code: 410, succeeded: false, next_retry_at: null });

    // No further attempts, at any time; no new deliveries queued for it.
    expect(await drain(new Date(t0.getTime() + 10 * DAY))).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryRow(second.delivery_id)).toMatchObject({ status: 'pending', attempt_count: 0 });
    expect((await m.call(contract.sendWebhookTest, { params: { webhook_id: webhook.id } })).status).toBe(409);
    await paidCheckout(m);
    const rows = await sql`select event_id from webhook_deliveries where endpoint_id = ${webhook.id}`;
    expect(rows).toHaveLength(3);

    // The merchant fixes the receiver and re-enables: the waiting deliveries go out; the 410'd one stays failed.
    receiver.respondWith({ status: 200 });
    const on = await m.ok(contract.updateWebhook, { params: { webhook_id: webhook.id }, body: { enabled: true } });
    expect(on.body.data).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
    await drain();
    expect(
      receiver.received
        .slice(1)
        .map((r) => r.json!.id)
        .sort(),
    ).toEqual([second.event_id, third.event_id].sort());
    expect(await deliveryRow(first.delivery_id)).toMatchObject({ status: 'failed' });
  });

  it('a redirect is a failed attempt and is never followed', async () => {
    const m = await newMerchant();
    const target = await startReceiver({ status: 200 });
    for (const status of [301, 302, 303, 307, 308]) {
      const { receiver, webhook } = await hook(m, { responder: { status, headers: { location: target.url } } });
      const test = await testEvent(m, webhook.id);
      const results = await drain();
      expect(results.map((r) => r.statusCode)).toEqual([status]);
      expect(receiver.received).toHaveLength(1);
      expect(await deliveryRow(test.delivery_id)).toMatchObject({
        status: 'pending',
        attempt_count: 1,
        last_status_code: status,
      });
      const view = await deliveryView(m, webhook.id, test.delivery_id);
      expect(view.attempts[0]).toMatchObject({
        succeeded: false,
        status_code: status,
        next_retry_at: expect.any(String),
      });
      expect((await endpoint(m, webhook.id)).failing_since).not.toBeNull();
      await m.call(contract.deleteWebhook, { params: { webhook_id: webhook.id } });
    }
    expect(target.received).toHaveLength(0);
  });

  it('4xx other than 410 and 429 are failed attempts retried on the schedule; any 2xx is success', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { responder: { status: 400 } });
    const test = await testEvent(m, webhook.id);
    await drain();
    expect(await deliveryRow(test.delivery_id)).toMatchObject({ status: 'pending', last_status_code: 400 });
    receiver.respondWith({ status: 202, body: 'queued' });
    await drain(new Date(Date.now() + 10_000));
    expect(await deliveryRow(test.delivery_id)).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
      last_status_code: 202,
    });
    const ep = await endpoint(m, webhook.id);
    expect(ep.failing_since).toBeNull();
    expect(ep.last_success_at).not.toBeNull();
  });

  it('connection refused → error connection_refused, retried', async () => {
    const m = await newMerchant();
    const port = await closedPort();
    const { webhook } = await hook(m, { url: `http://127.0.0.1:${port}/hooks` });
    const test = await testEvent(m, webhook.id);
    const results = await drain();
    expect(results).toEqual([expect.objectContaining({ statusCode: null, error: 'connection_refused' })]);
    expect(await deliveryRow(test.delivery_id)).toMatchObject({
      status: 'pending',
      attempt_count: 1,
      last_status_code: null,
      last_error: 'connection_refused',
    });
    const view = await deliveryView(m, webhook.id, test.delivery_id);
    expect(view).toMatchObject({ last_error: 'connection_refused' });
    expect(view.attempts[0]).toMatchObject({
      status_code: null,
      error: 'connection_refused',
      succeeded: false,
      response_body: null,
    });
  });

  it('a receiver that does not answer within WEBHOOK_TIMEOUT_SECONDS → error timeout', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { responder: { hang: true } });
    const test = await testEvent(m, webhook.id);
    await withEnv({ WEBHOOK_TIMEOUT_SECONDS: '1' }, async () => {
      const started = Date.now();
      const results = await drain();
      expect(Date.now() - started).toBeLessThan(4000);
      expect(results).toEqual([expect.objectContaining({ statusCode: null, error: 'timeout' })]);
      expect(results[0]!.latencyMs).toBeGreaterThanOrEqual(900);
      expect(receiver.received).toHaveLength(1);
      expect(await deliveryRow(test.delivery_id)).toMatchObject({
        status: 'pending',
        attempt_count: 1,
        last_error: 'timeout',
      });

      // The status line and headers in time but a body that never finishes: a timeout too, not a success.
      await sql`update webhook_deliveries set status = 'cancelled' where id = ${test.delivery_id}`;
      receiver.respondWith({ status: 200, stall: true, body: 'partial' });
      const slowBody = await testEvent(m, webhook.id);
      const results2 = await drain();
      expect(results2.map((r) => [r.statusCode, r.error])).toEqual([[null, 'timeout']]);
      expect(await deliveryRow(slowBody.delivery_id)).toMatchObject({ status: 'pending', last_error: 'timeout' });
    });
  });
});

describe('independence', () => {
  it('a failing endpoint (500 or hanging) does not delay another endpoint’s delivery of the same event', async () => {
    const m = await newMerchant();
    const failing = await hook(m, { responder: { status: 500 } });
    const hanging = await hook(m, { responder: { hang: true } });
    const healthy = await hook(m, { responder: { status: 200 } });
    await withEnv({ WEBHOOK_TIMEOUT_SECONDS: '3' }, async () => {
      const dispatcher = await startWebhookDispatcher();
      try {
        const created = Date.now();
        const { checkout } = await paidCheckout(m);
        // The healthy endpoint has every event long before the hanging one times out.
        const events = await sql<
          { id: string }[]
        >`select id from events where resource_id = ${checkout.id} order by sequence`;
        await healthy.receiver.waitFor(events.length, 2500);
        expect(Math.max(...healthy.receiver.received.map((r) => r.receivedAt)) - created).toBeLessThan(2500);
        expect(healthy.receiver.received.map((r) => r.json!.id).sort()).toEqual(events.map((e) => e.id).sort());
        await failing.receiver.waitFor(events.length, 2500);
        await hanging.receiver.waitFor(Math.min(events.length, 4), 2500);

        // And so on for later events, while the hanging endpoint holds its 4 slots.
        const more = Date.now();
        for (let i = 0; i < 5; i++) await testEvent(m, healthy.webhook.id);
        await healthy.receiver.waitFor(events.length + 5, 2500);
        expect(Date.now() - more).toBeLessThan(2500);
      } finally {
        await dispatcher.stop();
      }
    });
    const statuses = await sql<{ endpoint_id: string; status: string }[]>`
      select endpoint_id, status from webhook_deliveries where merchant_id = ${m.id}`;
    expect(statuses.filter((s) => s.endpoint_id === healthy.webhook.id).every((s) => s.status === 'succeeded')).toBe(
      true,
    );
    expect(statuses.filter((s) => s.endpoint_id === failing.webhook.id).every((s) => s.status === 'pending')).toBe(
      true,
    );
  });

  it('with deliverDueNow: the same event succeeds for one endpoint while it fails for another; one failing event does not block the next', async () => {
    const m = await newMerchant();
    const failing = await hook(m, { responder: { status: 500 } });
    let poison = '';
    const healthy = await hook(m, { responder: (r) => (r.json?.id === poison ? { status: 500 } : { status: 200 }) });
    const { checkout } = await paidCheckout(m);
    const events = await sql<
      { id: string }[]
    >`select id from events where resource_id = ${checkout.id} order by sequence`;
    poison = events[0]!.id;
    await drain();
    const rows = await sql<{ endpoint_id: string; event_id: string; status: string }[]>`
      select endpoint_id, event_id, status from webhook_deliveries where merchant_id = ${m.id}`;
    for (const row of rows) {
      const expected = row.endpoint_id === failing.webhook.id || row.event_id === poison ? 'pending' : 'succeeded';
      expect(row.status, `${row.endpoint_id} ${row.event_id}`).toBe(expected);
    }
    expect(healthy.receiver.received.map((r) => r.json!.id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(failing.receiver.received).toHaveLength(events.length);
  });

  it('the real dispatcher delivers a checkout.paid within moments (woken by NOTIFY, not a poll)', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { events: ['checkout.paid'] });
    const dispatcher = await startWebhookDispatcher();
    try {
      const { checkout } = await paidCheckout(m, { meta_data: { order_id: 'A-1' } });
      const [got] = await receiver.waitFor(1, 3000);
      expect(got!.json).toMatchObject({
        event_type: 'checkout.paid',
        data: { id: checkout.id, meta_data: { order_id: 'A-1' } },
      });
      expect(verifyWebhookSignature(got!.raw, signatureOf(got!), webhook.secret)).toBe(true);
    } finally {
      await dispatcher.stop();
    }
  });
});

describe('disabling an endpoint that keeps failing', () => {
  it('failing for 5 days (across deliveries) disables it with a visible reason; a success in between resets the streak', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { responder: { status: 500 } });

    // A success resets the streak.
    const early = await testEvent(m, webhook.id);
    const t0 = new Date();
    await drain(t0);
    expect((await endpoint(m, webhook.id)).failing_since).toBe(formatTimestamp(t0));
    receiver.respondWith({ status: 200 });
    await drain(new Date(t0.getTime() + 6_000));
    expect(await deliveryRow(early.delivery_id)).toMatchObject({ status: 'succeeded' });
    expect((await endpoint(m, webhook.id)).failing_since).toBeNull();

    // Now failing from t1 on: the first event's whole schedule (about 3 days) fails.
    receiver.respondWith({ status: 500 });
    const t1 = new Date(t0.getTime() + 60_000);
    const first = await testEvent(m, webhook.id);
    let now = t1;
    for (let attempt = 1; attempt <= 10; attempt++) {
      await drain(now);
      const row = await deliveryRow(first.delivery_id);
      expect(row.attempt_count).toBe(attempt);
      if (row.status === 'pending') now = new Date(row.next_attempt_at.getTime() + 1);
    }
    expect(await deliveryRow(first.delivery_id)).toMatchObject({ status: 'failed', attempt_count: 10 });
    let ep = await endpoint(m, webhook.id);
    expect(ep).toMatchObject({ enabled: true, failing_since: formatTimestamp(t1), disabled_reason: null });

    // A later event fails at day 4: still enabled.
    const second = await testEvent(m, webhook.id);
    await drain(new Date(t1.getTime() + 4 * DAY));
    expect(await deliveryRow(second.delivery_id)).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect((await endpoint(m, webhook.id)).enabled).toBe(true);

    // Its next attempt, past 5 days since failing_since: disabled, and the merchant can see why.
    const due = (await deliveryRow(second.delivery_id)).next_attempt_at;
    const later = new Date(Math.max(due.getTime() + 1, t1.getTime() + 5 * DAY + 1_000));
    const before = receiver.received.length;
    await drain(later);
    expect(receiver.received.length).toBe(before + 1);
    ep = await endpoint(m, webhook.id);
    expect(ep.enabled).toBe(false);
    expect(ep.disabled_at).toBe(formatTimestamp(later));
    expect(ep.disabled_reason).toEqual(expect.stringContaining(formatTimestamp(t1)));
    expect(ep.disabled_reason).toMatch(/5 days/);
    expect(ep.disabled_reason).toMatch(/HTTP 500/);
    const listed = (await m.ok(contract.listWebhooks)).body.data.find((w) => w.id === webhook.id);
    expect(listed).toMatchObject({ enabled: false, disabled_reason: ep.disabled_reason });

    // Nothing more is attempted while disabled.
    expect(await drain(new Date(later.getTime() + 3 * DAY))).toEqual([]);
    expect(receiver.received.length).toBe(before + 1);
    expect(await deliveryRow(second.delivery_id)).toMatchObject({ status: 'pending', attempt_count: 2 });

    // Re-enabled: the streak starts afresh and the waiting delivery goes out.
    receiver.respondWith({ status: 200 });
    const on = await m.ok(contract.updateWebhook, { params: { webhook_id: webhook.id }, body: { enabled: true } });
    expect(on.body.data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await drain(new Date(later.getTime() + 3 * DAY));
    expect(await deliveryRow(second.delivery_id)).toMatchObject({ status: 'succeeded', attempt_count: 3 });
  });
});

describe('the loopback opt-in at connect time', () => {
  it('is ignored outside sandbox mode: a loopback endpoint is refused (address_refused), the receiver never called', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m);
    const test = await testEvent(m, webhook.id);
    await withEnv({ PAYMENT_RAILS: 'live' }, async () => {
      const results = await drain();
      expect(results).toEqual([expect.objectContaining({ statusCode: null, error: 'address_refused' })]);
    });
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryRow(test.delivery_id)).toMatchObject({ status: 'pending', last_error: 'address_refused' });
  });

  it('an endpoint whose url was changed in the database to an internal address is refused at connect time', async () => {
    const m = await newMerchant();
    const { webhook } = await hook(m);
    const test = await testEvent(m, webhook.id);
    // As if the check at creation had been bypassed (or DNS changed since): connect time checks again.
    await sql`update webhook_endpoints set url = 'http://169.254.169.254/latest/meta-data' where id = ${webhook.id}`;
    const results = await drain();
    expect(results).toEqual([expect.objectContaining({ statusCode: null, error: 'address_refused' })]);
    const view = await deliveryView(m, webhook.id, test.delivery_id);
    expect(view.attempts[0]).toMatchObject({
      error: 'address_refused',
      response_body: expect.stringContaining('169.254.169.254'),
    });
  });

  it('a host name is resolved and checked at every attempt: a name resolving to loopback is refused without the opt-in', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m);
    const test = await testEvent(m, webhook.id);
    // localhost resolves to 127.0.0.1: allowed only while allow_loopback holds.
    await sql`update webhook_endpoints set url = ${`http://localhost:${receiver.port}/hooks`}, allow_loopback = false where id = ${webhook.id}`;
    const refused = await drain();
    expect(refused).toEqual([expect.objectContaining({ statusCode: null, error: 'address_refused' })]);
    expect(receiver.received).toHaveLength(0);
    const view = await deliveryView(m, webhook.id, test.delivery_id);
    expect(view.attempts[0]!.response_body).toMatch(/localhost resolves to 127\.0\.0\.1 is a loopback address/);

    await sql`update webhook_endpoints set allow_loopback = true where id = ${webhook.id}`;
    const allowed = await drain(new Date(Date.now() + 10_000));
    expect(allowed.map((r) => r.statusCode)).toEqual([200]);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('what receivers answer is recorded, whatever it is', () => {
  // PostgreSQL text cannot hold a NUL byte: a response body carrying one (binary, gzip…) must still be
  // recorded (sanitised), not make the attempt unrecordable and the delivery resent at every lease expiry.
  it.each([
    ['a NUL byte', 200, 'ok\u0000'],
    ['binary (gzip-like) bytes', 200, '\u001f\u008b\u0008\u0000\u0000\u0000'],
    ['a NUL byte, failing', 500, 'error\u0000detail'],
  ])(
    'a response body with %s: the attempt is recorded and the event is not resent at every lease expiry',
    async (_name, status, body) => {
      const m = await newMerchant();
      const { receiver, webhook } = await hook(m, { responder: { status, body } });
      const test = await testEvent(m, webhook.id);
      const t0 = new Date();
      const first = await deliverDueNow(undefined, { now: t0 }).catch((error: unknown) => String(error));
      // Once the lease (timeout + 5 s) has run out, and again later.
      const again = await deliverDueNow(undefined, { now: new Date(t0.getTime() + 16_000) }).catch((error: unknown) =>
        String(error),
      );
      await deliverDueNow(undefined, { now: new Date(t0.getTime() + 32_000) }).catch(() => {});

      const attempts =
        await sql`select attempt_number, status_code from webhook_attempts where delivery_id = ${test.delivery_id} order by attempt_number`;
      const row = await deliveryRow(test.delivery_id);
      if (status === 200) {
        expect(receiver.received, 'a delivered event is sent again every lease expiry').toHaveLength(1);
        expect(row).toMatchObject({ status: 'succeeded', attempt_count: 1, last_status_code: 200 });
        expect(attempts.map((a) => a.status_code)).toEqual([200]);
        expect(again).toEqual([]);
      } else {
        // Attempt 2 is due ~5 s after attempt 1 (at +16 s), attempt 3 only ~5 min after that.
        expect(receiver.received).toHaveLength(2);
        expect(row).toMatchObject({ status: 'pending', attempt_count: 2, last_status_code: 500 });
        expect(attempts.map((a) => a.status_code)).toEqual([500, 500]);
      }
      expect(first).toEqual([expect.objectContaining({ statusCode: status })]);
      const [attempt] = await sql<
        { response_body: string }[]
      >`select response_body from webhook_attempts where delivery_id = ${test.delivery_id} limit 1`;
      expect(attempt!.response_body.length).toBeLessThanOrEqual(1024);
    },
  );
});

describe('deleting an endpoint while one of its deliveries is in flight', () => {
  it('the delivery stays cancelled when the in-flight attempt fails afterwards', async () => {
    const m = await newMerchant();
    let release: (reply: Reply) => void = () => {};
    const answer = new Promise<Reply>((resolve) => (release = resolve));
    const { receiver, webhook } = await hook(m, { responder: () => answer });
    const test = await testEvent(m, webhook.id);
    const [claimed, ...others] = await claimDue(getDb(), { limit: 10 });
    expect(others).toEqual([]);
    expect(claimed!.id).toBe(test.delivery_id);
    const inFlight = deliverClaimed(getDb(), claimed!);
    await receiver.waitFor(1);

    const deleted = await m.call(contract.deleteWebhook, { params: { webhook_id: webhook.id } });
    expectStatus(deleted, 200);
    expect(await deliveryRow(test.delivery_id)).toMatchObject({ status: 'cancelled' });

    release({ status: 500 });
    expect((await inFlight).statusCode).toBe(500);
    // Deleting cancelled it: a late failure must not bring it back as pending (it could never be sent).
    expect((await deliveryRow(test.delivery_id)).status).toBe('cancelled');
  });
});
