import { afterEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../lib/platform/time';
import { newMerchant, paidCheckout } from '../../support/fixtures';
import { closeAllReceivers, closedPort, startReceiver } from '../../support/webhook-receiver';
import { deliverDueNow } from '../../../lib/notifications/webhooks/dispatcher';
import { PRIVATE_BODY_NOTE } from '../../../lib/notifications/webhooks/send';
import { verifyWebhookSignature } from '../../../lib/notifications/webhooks/verify';
import { contract } from '../../support/contract';
import {
  SCHEDULE,
  DAY,
  sql,
  hook,
  testEvent,
  drain,
  deliveryRow,
  endpoint,
  deliveryView,
  withEnv,
  signatureOf,
  timestampOf,
} from './helpers';

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
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
    expect(
      view.attempts.every((a) => a.status_code === 500 && a.response_body === PRIVATE_BODY_NOTE && !a.succeeded),
    ).toBe(true);
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
