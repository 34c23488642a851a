import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../lib/platform/time';
import { TIMESTAMP } from '../../support/shapes';
import { newMerchant } from '../../support/fixtures';
import { closeAllReceivers, type ReceivedWebhook } from '../../support/webhook-receiver';
import { deliverDueNow } from '../../../lib/notifications/webhooks/dispatcher';
import { PRIVATE_BODY_NOTE } from '../../../lib/notifications/webhooks/send';
import { verifyWebhookSignature } from '../../../lib/notifications/webhooks/verify';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, receiverWebhook, deliveriesOf } from './helpers';

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
});

describe('GET …/deliveries and POST …/deliveries/{delivery_id}/redeliver', () => {
  it('lists deliveries with the payload and every attempt: status code, latency, next retry (a loopback body never)', async () => {
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
    // The receiver is on 127.0.0.1: its body is never kept (the first 1 KiB of a public one: tests/unit).
    expect(first.response_body).toBe(PRIVATE_BODY_NOTE);
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
      [1, false, 500, PRIVATE_BODY_NOTE, pending.next_attempt_at],
      [2, true, 200, PRIVATE_BODY_NOTE, null],
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
