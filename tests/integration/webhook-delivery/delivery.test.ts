import { afterEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../lib/platform/time';
import { newMerchant, paidCheckout } from '../../support/fixtures';
import { closeAllReceivers, type Receiver, type Reply } from '../../support/webhook-receiver';
import { claimDue, deliverClaimed, deliverDueNow, USER_AGENT } from '../../../lib/notifications/webhooks/dispatcher';
import { getDb } from '../../../lib/platform/db/client';
import { WEBHOOK_API_VERSION } from '../../../lib/notifications/webhooks/envelope';
import { verifyWebhookSignature } from '../../../lib/notifications/webhooks/verify';
import { expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, hook, testEvent, drain, deliveryRow, endpoint, deliveryView, signatureOf, timestampOf } from './helpers';

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
});

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
      'sequence',
    ]);
    const [event] = await sql<{ id: string; sequence: string; created_at: Date }[]>`
      select id, sequence, created_at from events where resource_id = ${checkout.id} and event_type = 'checkout.paid'`;
    expect(body).toMatchObject({
      id: event!.id,
      event_type: 'checkout.paid',
      idempotency_key: event!.id,
      sequence: Number(event!.sequence),
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
    expect(got.headers['webhook-id']).toBe(event!.id);
    expect(got.headers['webhook-timestamp']).toBe(String(timestampOf(signatureOf(got))));
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
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
