import { beforeAll, describe, expect, it } from 'vitest';
import { minimalCheckout, newMerchant, type Merchant } from '../../support/fixtures';
import { caller, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, ORIGIN, SOME_ID, NUL, LONE, snapshot, expectRefused, merchantCases, operatorCases } from './helpers';

let m: Merchant;
let embedToken: string;

beforeAll(async () => {
  m = await newMerchant();
  const session = await m.call(contract.createEmbedSession, {
    body: {
      amount: 10,
      currency_code: 'GHS',
      allowed_origins: [ORIGIN],
    },
  });
  expectStatus(session, 200);
  embedToken = session.body.data.public_token;
});

describe.each([
  ['NUL', NUL],
  ['a lone high surrogate', LONE],
  ['a lone low surrogate', '\udc00'],
])('text with %s', (_what, bad) => {
  it.each(merchantCases)('is refused in the %s', async (_label, method, path, body, field) => {
    const before = await snapshot();
    const res = await caller().raw(method, path, {
      headers: { 'x-api-key': m.apiKey, 'idempotency-key': `k-${Math.random()}` },
      body: body(bad),
    });
    expectRefused(res, field);
    expect(await snapshot()).toEqual(before);
  });

  it.each(operatorCases)("is refused in the operator's %s", async (_label, method, path, body, field) => {
    const before = await snapshot();
    const res = await caller().raw(method, path, {
      headers: { authorization: `Bearer ${process.env.ADMIN_API_TOKEN}` },
      body: body(bad),
    });
    expectRefused(res, field);
    expect(await snapshot()).toEqual(before);
  });

  it("is refused in the public embed checkout's customer_name", async () => {
    const before = await snapshot();
    const res = await caller({ 'x-embed-token': embedToken, origin: ORIGIN }).call(contract.createEmbedCheckout, {
      body: {
        amount: 10,
        customer_email: 'ama@example.com',
        customer_name: `Ama${bad}`,
      },
    });
    expectRefused(res, 'customer_name');
    expect(await snapshot()).toEqual(before);
  });
});

describe('text PostgreSQL can store', () => {
  it('a NUL in a query value or a query name is refused (surrogates cannot travel in a URL: they arrive as U+FFFD)', async () => {
    const before = await snapshot();
    expectRefused(
      await m.send(contract.listWebhookDeliveries, {
        params: { webhook_id: SOME_ID },
        query: 'event_type=checkout.paid%00',
      }),
      'event_type',
    );
    expectRefused(await m.send(contract.listCheckouts, { query: 'li%00mit=1' }), 'query');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps emoji, right-to-left text and paired surrogates as given', async () => {
    const name = 'مرحبا 👋🏽 Ada';
    const res = await m.call(contract.createCheckout, {
      body: {
        ...minimalCheckout,
        customer_name: name,
        meta_data: { 'ключ😀': '\ud83d\ude00' },
      },
    });
    expectStatus(res, 200);
    const [row] = await sql`select customer_name, meta_data from checkouts where id = ${res.body.data.id}`;
    expect(row!.customer_name).toBe(name);
    expect(row!.meta_data).toEqual({ 'ключ😀': '😀' });
  });

  it('a NUL in a path parameter is refused, naming the parameter', async () => {
    expectRefused(
      await m.call(contract.getCheckout, { params: { checkout_id: encodeURIComponent(`${SOME_ID}\u0000`) } }),
      'checkout_id',
    );
  });

  it('an escaped backslash before u is text, not an escape', async () => {
    const res = await m.send(contract.createCheckout, {
      body: `{"customer_email":"ada@example.com","amount":1,"currency_code":"GHS","description":"C:\\\\u0000"}`,
      headers: { 'content-type': 'application/json' },
    });
    expectStatus(res, 200);
    expect(res.body.data.description).toBe('C:\\u0000');
  });
});
