import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { expectErrorShape, expectStatus, fieldErrors, type BodyOf } from '../support/caller';
import { contract } from '../support/contract';

const sql = testSql();
let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
});

const newKey = () => `order-${crypto.randomUUID()}`;
const post = (merchant: Merchant, key: string, body: BodyOf<typeof contract.createCheckout>) =>
  merchant.call(contract.createCheckout, { body, headers: { 'idempotency-key': key } });

const checkoutCount = async (merchant: Merchant) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from checkouts where merchant_id = ${merchant.id}`)[0]!.n;
const createdEvents = async (id: string) =>
  (
    await sql<
      { n: number }[]
    >`select count(*)::int as n from events where resource_id = ${id} and event_type = 'checkout.created'`
  )[0]!.n;

describe('Idempotency-Key on POST /api/v1/merchants/checkouts', () => {
  it('replays the first response for the same key and body: same checkout, same body, one row, one event', async () => {
    const merchant = await newMerchant();
    const key = newKey();
    const body = { ...minimalCheckout, meta_data: { order_id: '1001' } };
    const first = await post(merchant, key, body);
    expectStatus(first, 200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const second = await post(merchant, key, body);
    expectStatus(second, 200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.message).toBe('Checkout created');

    const third = await post(merchant, key, body);
    expect(third.body).toEqual(first.body);

    expect(await checkoutCount(merchant)).toBe(1);
    expect(await createdEvents(first.body.data.id)).toBe(1);
  });

  it('each response still carries its own request id', async () => {
    const key = newKey();
    const first = await post(m, key, minimalCheckout);
    const second = await post(m, key, minimalCheckout);
    expect(first.headers.get('x-request-id')).toBeTruthy();
    expect(second.headers.get('x-request-id')).toBeTruthy();
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('replays the stored state even after the checkout changed', async () => {
    const key = newKey();
    const first = await post(m, key, minimalCheckout);
    expectStatus(first, 200);
    expect((await m.call(contract.cancelCheckout, { params: { checkout_id: first.body.data.id } })).status).toBe(200);
    const again = await post(m, key, minimalCheckout);
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('refuses the same key with a different body (422 idempotency_key_reused) and creates nothing', async () => {
    const merchant = await newMerchant();
    const key = newKey();
    expect((await post(merchant, key, minimalCheckout)).status).toBe(200);
    for (const other of [
      { ...minimalCheckout, amount: 26 },
      { ...minimalCheckout, description: 'changed' },
      { customer_email: minimalCheckout.customer_email, amount: minimalCheckout.amount, currency_code: 'ghs' },
    ]) {
      const res = await post(merchant, key, other);
      expect(res.status, JSON.stringify(other)).toBe(422);
      expectErrorShape(res.body, 'idempotency_key_reused');
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await checkoutCount(merchant)).toBe(1);
  });

  it('ignores JSON key order and whitespace', async () => {
    const key = newKey();
    const first = await m.send(contract.createCheckout, {
      body: '{"customer_email":"ada@example.com","amount":25.5,"currency_code":"GHS","meta_data":{"a":"1","b":"2"}}',
      headers: {
        'idempotency-key': key,
        'content-type': 'application/json',
      },
    });
    expectStatus(first, 200);
    const second = await m.send(contract.createCheckout, {
      body: '{ "meta_data": {"b":"2", "a":"1"}, "currency_code": "GHS", "amount": 25.5, "customer_email": "ada@example.com" }',
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
    });
    expectStatus(second, 200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.data.id).toBe(first.body.data.id);
  });

  it('keeps merchants independent: the same key creates one checkout per merchant', async () => {
    const a = await newMerchant({ name: 'A' });
    const b = await newMerchant({ name: 'B' });
    const key = newKey();
    const ra = await post(a, key, minimalCheckout);
    const rb = await post(b, key, minimalCheckout);
    expectStatus(ra, 200);
    expectStatus(rb, 200);
    expect(rb.headers.get('idempotent-replayed')).toBeNull();
    expect(rb.body.data.id).not.toBe(ra.body.data.id);
    // B's different body under the same key is not a reuse either.
    const b2 = await post(b, newKey(), { ...minimalCheckout, amount: 99 });
    expectStatus(b2, 200);
    const [row] = await sql`select merchant_id from checkouts where id = ${rb.body.data.id}`;
    expect(row!.merchant_id).toBe(b.id);
    expect(await checkoutCount(a)).toBe(1);
  });

  it('different keys create different checkouts', async () => {
    const merchant = await newMerchant();
    const r1 = await post(merchant, newKey(), minimalCheckout);
    const r2 = await post(merchant, newKey(), minimalCheckout);
    expectStatus(r1, 200);
    expectStatus(r2, 200);
    expect(r1.body.data.id).not.toBe(r2.body.data.id);
    expect(await checkoutCount(merchant)).toBe(2);
  });

  it('without a key, each request creates a checkout', async () => {
    const merchant = await newMerchant();
    await merchant.call(contract.createCheckout, { body: minimalCheckout });
    await merchant.call(contract.createCheckout, { body: minimalCheckout });
    expect(await checkoutCount(merchant)).toBe(2);
  });

  it('10 concurrent requests with one key create exactly one checkout; the rest replay or get 409, never 5xx', async () => {
    const merchant = await newMerchant();
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(merchant, key, minimalCheckout)));
    const statuses = responses.map((r) => r.status);
    for (const status of statuses) expect([200, 409]).toContain(status);

    const ok = responses.filter((r) => r.ok);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(1);
    expect(ok.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const conflict of responses.filter((r) => r.status === 409))
      expectErrorShape(conflict.body, 'idempotency_key_in_use');

    expect(await checkoutCount(merchant)).toBe(1);
    const id = ok[0]!.body.data.id;
    expect(await createdEvents(id)).toBe(1);

    // After the dust settles, a retry replays.
    const retry = await post(merchant, key, minimalCheckout);
    expectStatus(retry, 200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data.id).toBe(id);
  });

  it('does not store a refusal: a corrected retry with the same key succeeds', async () => {
    const merchant = await newMerchant();
    const key = newKey();
    const bad = await post(merchant, key, { ...minimalCheckout, amount: 1.234 });
    expectStatus(bad, 422);
    expectErrorShape(bad.body, 'validation_error');
    const badCurrency = await post(merchant, key, { ...minimalCheckout, currency_code: 'XYZ' });
    expectStatus(badCurrency, 422);
    expectErrorShape(badCurrency.body, 'validation_error');

    const good = await post(merchant, key, minimalCheckout);
    expectStatus(good, 200);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
    expect(await checkoutCount(merchant)).toBe(1);
    const [stored] =
      await sql`select response_status from idempotency_keys where merchant_id = ${merchant.id} and key = ${key}`;
    expect(stored!.response_status).toBe(200);
  });

  it('does not store a KYB refusal either', async () => {
    const merchant = await newMerchant({ kyb_status: 'unverified' });
    const key = newKey();
    expect((await post(merchant, key, { ...minimalCheckout, currency_code: 'USD' })).status).toBe(422);
    const good = await post(merchant, key, minimalCheckout);
    expectStatus(good, 200);
    expect(await checkoutCount(merchant)).toBe(1);
  });

  it('refuses an invalid key with 422 and creates nothing', async () => {
    const merchant = await newMerchant();
    for (const key of ['', 'k'.repeat(256), 'clé-é', 'has space', 'tab\tkey']) {
      const res = await post(merchant, key, minimalCheckout);
      expect(res.status, `key ${JSON.stringify(key.slice(0, 20))} → ${res.text}`).toBe(422);
      expectErrorShape(res.body, 'validation_error');
      expect(fieldErrors(res).map((f) => f.field)).toContain('Idempotency-Key');
    }
    expect(await checkoutCount(merchant)).toBe(0);
  });

  it('accepts a key of exactly 255 visible ASCII characters', async () => {
    const key = `${'k'.repeat(250)}-!~:/`;
    expect(key).toHaveLength(255);
    const first = await post(m, key, minimalCheckout);
    expectStatus(first, 200);
    const again = await post(m, key, minimalCheckout);
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('forgets a key after 24 hours: the same key then creates a new checkout', async () => {
    const merchant = await newMerchant();
    const key = newKey();
    const first = await post(merchant, key, minimalCheckout);
    expectStatus(first, 200);
    await sql`update idempotency_keys set created_at = now() - interval '25 hours' where merchant_id = ${merchant.id} and key = ${key}`;
    const later = await post(merchant, key, { ...minimalCheckout, amount: 30 });
    expectStatus(later, 200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.data.id).not.toBe(first.body.data.id);
    expect(await checkoutCount(merchant)).toBe(2);
    const replay = await post(merchant, key, { ...minimalCheckout, amount: 30 });
    expectStatus(replay, 200);
    expect(replay.body.data.id).toBe(later.body.data.id);
  });

  it('is scoped to the path: the key header is ignored where idempotency is not offered', async () => {
    const key = newKey();
    const created = await post(m, key, minimalCheckout);
    expectStatus(created, 200);
    const listed = await m.call(contract.listCheckouts, { query: { limit: 1 }, headers: { 'idempotency-key': key } });
    expectStatus(listed, 200);
    expect(listed.headers.get('idempotent-replayed')).toBeNull();
    expect(Array.isArray(listed.body.data)).toBe(true);
    expect(listed.body.data[0]!.id).toBe(created.body.data.id);
  });
});
