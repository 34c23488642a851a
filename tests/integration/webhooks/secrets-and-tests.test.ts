import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TIMESTAMP, UUID } from '../../support/shapes';
import { newMerchant } from '../../support/fixtures';
import { closeAllReceivers } from '../../support/webhook-receiver';
import { deliverDueNow } from '../../../lib/notifications/webhooks/dispatcher';
import { verifyWebhookSignature } from '../../../lib/notifications/webhooks/verify';
import { caller, expectErrorShape, expectStatus, type Caller } from '../../support/caller';
import type { ApiKeyPermission } from '../../../lib/platform/vocabulary';
import { contract } from '../../support/contract';
import { PUBLIC_URL, sql, createWebhook, receiverWebhook, createKey } from './helpers';

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
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
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
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
