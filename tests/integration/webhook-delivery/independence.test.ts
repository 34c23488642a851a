import { afterEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../lib/platform/time';
import { liveKeyOf, newMerchant, paidCheckout } from '../../support/fixtures';
import { closeAllReceivers } from '../../support/webhook-receiver';
import { startWebhookDispatcher } from '../../../lib/notifications/webhooks/dispatcher';
import { verifyWebhookSignature } from '../../../lib/notifications/webhooks/verify';
import { contract } from '../../support/contract';
import { DAY, sql, hook, testEvent, drain, deliveryRow, endpoint, deliveryView, withEnv, signatureOf } from './helpers';

afterEach(async () => {
  await closeAllReceivers();
  // Each test delivers what is due in this file's database: nothing of one test may linger into the next.
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
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
  it('counts for nothing on a live endpoint: loopback is refused (address_refused), the receiver never called', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m);
    const test = await testEvent(m, webhook.id);
    // As if the flag had been saved on a live endpoint: the claim reads the endpoint's mode, not the flag alone.
    const live = await liveKeyOf(m);
    await sql`update webhook_endpoints set tenant_id = ${live.tenant.id} where id = ${webhook.id}`;
    const results = await drain();
    expect(results).toEqual([expect.objectContaining({ statusCode: null, error: 'address_refused' })]);
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
