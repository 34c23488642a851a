import { beforeAll, describe, expect, it } from 'vitest';
import { minimalCheckout, newMerchant, type Merchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { PUBLIC_FIELDS, FULL_FIELDS, sql, create, statusInDb, eventsOf } from './helpers';

let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
});

describe('GET /api/v1/merchants/checkouts/{checkout_id}', () => {
  it('returns the full shape (what webhooks carry), with customer_phone_editable and the working link', async () => {
    const data = await create(m, {
      ...minimalCheckout,
      customer_name: 'Ada',
      customer_phone_editable: false,
      customer_phone: '0244123456',
      meta_data: { order_id: '7' },
    });
    const res = await m.call(contract.getCheckout, { params: { checkout_id: data.id } });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(Object.keys(res.body.data).sort()).toEqual(FULL_FIELDS);
    // Everything create said, the same…
    expect(res.body.data).toMatchObject(data);
    // …and what only the full shape carries, for recovering a missed webhook.
    expect(res.body.data).toMatchObject({
      merchant_id: m.id,
      meta_data: { order_id: '7' },
      payment_method: null,
      approval_status: 'pending_approval',
      completed_at: null,
      customer_phone_editable: false,
    });
    const [event] = await eventsOf(data.id);
    expect(res.body.data).toEqual(event!.data);
  });

  it("answers 404 for another merchant's checkout", async () => {
    const other = await newMerchant();
    const theirs = await create(other);
    const res = await m.call(contract.getCheckout, { params: { checkout_id: theirs.id } });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');
    expect(res.text).not.toContain(theirs.payment_reference);
  });

  it('answers 404 for an unknown UUID', async () => {
    const res = await m.call(contract.getCheckout, { params: { checkout_id: '00000000-0000-4000-8000-000000000000' } });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');
  });

  it.each(['not-a-uuid', '123', 'PAY-0123456789ABCDEF'])('answers 422 for the id %j', async (id) => {
    const res = await m.call(contract.getCheckout, { params: { checkout_id: id } });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain('checkout_id');
  });
});

describe('POST /api/v1/merchants/checkouts/{checkout_id}/cancel', () => {
  const cancel = (merchant: Merchant, id: string) =>
    merchant.call(contract.cancelCheckout, { params: { checkout_id: id } });

  it('cancels a pending checkout and records checkout.cancelled', async () => {
    const data = await create(m);
    const res = await cancel(m, data.id);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Checkout cancelled');
    expect(Object.keys(res.body.data).sort()).toEqual(PUBLIC_FIELDS);
    expect(res.body.data).toMatchObject({
      id: data.id,
      status: 'cancelled',
      payment_reference: data.payment_reference,
    });
    expect(res.body.data.checkout_url).toBe(data.checkout_url);

    const [row] = await sql`select status, cancelled_at from checkouts where id = ${data.id}`;
    expect(row!.status).toBe('cancelled');
    expect(row!.cancelled_at).not.toBeNull();
    const events = await eventsOf(data.id);
    expect(events.map((e) => e.event_type)).toEqual(['checkout.created', 'checkout.cancelled']);
    expect(events[1]!.data).toMatchObject({ id: data.id, status: 'cancelled', merchant_id: m.id });
    expect(Object.keys(events[1]!.data).sort()).toEqual(FULL_FIELDS);

    expect((await m.ok(contract.getCheckout, { params: { checkout_id: data.id } })).body.data.status).toBe('cancelled');
  });

  it('of concurrent cancels exactly one succeeds, and one event is written', async () => {
    const data = await create(m);
    const results = await Promise.all(Array.from({ length: 8 }, () => cancel(m, data.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expectErrorShape(r.body, 'checkout_not_cancellable');
    }
    expect((await eventsOf(data.id)).map((e) => e.event_type)).toEqual(['checkout.created', 'checkout.cancelled']);
  });

  it('refuses to cancel twice (409 checkout_not_cancellable) and writes no second event', async () => {
    const data = await create(m);
    expect((await cancel(m, data.id)).status).toBe(200);
    const again = await cancel(m, data.id);
    expect(again.status).toBe(409);
    expectErrorShape(again.body, 'checkout_not_cancellable');
    expect((await eventsOf(data.id)).map((e) => e.event_type)).toEqual(['checkout.created', 'checkout.cancelled']);
  });

  it.each(['paid', 'completed', 'processing', 'expired', 'awaiting_payment_initiation', 'failed', 'timeout'])(
    'refuses to cancel a %s checkout, which stays so',
    async (status) => {
      const data = await create(m);
      await sql`update checkouts set status = ${status}, paid_at = case when ${status} in ('paid', 'completed') then now() end where id = ${data.id}`;
      const res = await cancel(m, data.id);
      expect(res.status).toBe(409);
      expectErrorShape(res.body, 'checkout_not_cancellable');
      expect(res.body.message).toContain(status);
      expect(await statusInDb(data.id)).toBe(status);
      expect((await m.ok(contract.getCheckout, { params: { checkout_id: data.id } })).body.data.status).toBe(status);
      expect((await eventsOf(data.id)).map((e) => e.event_type)).toEqual(['checkout.created']);
    },
  );

  it('refuses to cancel a pending checkout past expires_at', async () => {
    const data = await create(m);
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${data.id}`;
    const res = await cancel(m, data.id);
    expect(res.status).toBe(409);
    expectErrorShape(res.body, 'checkout_not_cancellable');
    expect(await statusInDb(data.id)).toBe('pending');
    expect((await m.ok(contract.getCheckout, { params: { checkout_id: data.id } })).body.data.status).toBe('expired');
    expect((await eventsOf(data.id)).map((e) => e.event_type)).toEqual(['checkout.created']);
  });

  it("answers 404 for another merchant's checkout and leaves it untouched", async () => {
    const other = await newMerchant();
    const theirs = await create(other);
    const res = await cancel(m, theirs.id);
    expect(res.status).toBe(404);
    expectErrorShape(res.body, 'not_found');
    expect(await statusInDb(theirs.id)).toBe('pending');
    expect((await eventsOf(theirs.id)).map((e) => e.event_type)).toEqual(['checkout.created']);
  });

  it('answers 404 for an unknown UUID and 422 for a non-UUID', async () => {
    const unknown = await cancel(m, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.body, 'not_found');
    const bad = await cancel(m, 'nope');
    expect(bad.status).toBe(422);
    expectErrorShape(bad.body, 'validation_error');
  });

  it('refuses a body', async () => {
    const data = await create(m);
    const res = await m.send(contract.cancelCheckout, {
      params: { checkout_id: data.id },
      body: { reason: 'changed my mind' },
    });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(await statusInDb(data.id)).toBe('pending');
  });
});
