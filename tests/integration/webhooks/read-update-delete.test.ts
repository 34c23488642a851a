import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TIMESTAMP } from '../../support/shapes';
import { newMerchant } from '../../support/fixtures';
import { closeAllReceivers } from '../../support/webhook-receiver';
import { deliverDueNow } from '../../../lib/notifications/webhooks/dispatcher';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { PUBLIC_URL, sql, fieldsOf, createWebhook, receiverWebhook } from './helpers';

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
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
