import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../lib/platform/http/error-codes';
import { admin, minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { caller, expectErrorShape, expectStatus, type BodyOf, type ErrorBody } from '../support/caller';
import { contract } from '../support/contract';

/**
 * What a body, a query or a path may carry (lib/platform/http/json-scan.ts, storable-text.ts, free-form.ts):
 * text PostgreSQL can store, JSON no deeper than 32 levels, numbers a float carries exactly, and
 * free-form objects within their limits. Each refusal is a 422 naming the field, and changes nothing.
 */
const sql = testSql();
let m: Merchant;
let embedToken: string;
const ORIGIN = 'https://shop.example';
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const NUL = '\u0000';
const LONE = '\ud800';

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

/** Rows of the tables a refused write could have touched: none may change. */
async function snapshot() {
  const [row] = await sql`select
    (select count(*) from checkouts)::int as checkouts, (select count(*) from events)::int as events,
    (select count(*) from webhook_endpoints)::int as webhooks, (select count(*) from payment_accounts)::int as accounts,
    (select count(*) from api_keys)::int as keys, (select count(*) from embed_sessions)::int as sessions,
    (select count(*) from merchants)::int as merchants, (select count(*) from idempotency_keys)::int as idempotency,
    (select count(*) from branding)::int as branding, (select count(*) from ledger_entries)::int as entries`;
  return row;
}

/** A 422 with `code`, naming `field`; its field errors. */
function expectRefused(
  res: { status: number; body: unknown; text: string },
  field: string,
  code: ErrorCode = 'validation_error',
): ErrorBody['error']['fields'] {
  expect(res.status, res.text.slice(0, 400)).toBe(422);
  expectErrorShape(res.body, code);
  expect(res.body.error.fields.map((f) => f.field)).toContain(field);
  return res.body.error.fields;
}

const bank = {
  recipient_name: 'Ama',
  bank_account_number: '0123456789',
  bank_name: 'GCB',
  account_holder_name: 'Ama Mensah',
};

/** [label, method, path, body with `X` where the bad text goes, the field the answer must name]. */
type Case = [string, string, string, (x: string) => unknown, string];
const merchantCases: Case[] = [
  [
    'checkout customer_name',
    'POST',
    '/api/v1/merchants/checkouts',
    (x) => ({ ...minimalCheckout, customer_name: `Ada${x}` }),
    'customer_name',
  ],
  [
    'checkout description',
    'POST',
    '/api/v1/merchants/checkouts',
    (x) => ({ ...minimalCheckout, description: x }),
    'description',
  ],
  [
    'checkout meta_data value',
    'POST',
    '/api/v1/merchants/checkouts',
    (x) => ({ ...minimalCheckout, meta_data: { order_id: x } }),
    'meta_data.order_id',
  ],
  [
    'checkout meta_data key',
    'POST',
    '/api/v1/merchants/checkouts',
    (x) => ({ ...minimalCheckout, meta_data: { [`order${x}`]: '1' } }),
    'meta_data',
  ],
  ['refund reason', 'POST', '/api/v1/merchants/wallet/refunds', (x) => ({ checkout_id: SOME_ID, reason: x }), 'reason'],
  [
    'webhook description',
    'POST',
    '/api/v1/merchants/webhooks',
    (x) => ({ url: 'https://hooks.example.com/x', events: ['*'], description: x }),
    'description',
  ],
  [
    'embed session description',
    'POST',
    '/api/v1/merchants/checkouts/embed-sessions',
    (x) => ({ amount: 1, currency_code: 'GHS', allowed_origins: [ORIGIN], description: x }),
    'description',
  ],
  [
    'embed session button_label',
    'POST',
    '/api/v1/merchants/checkouts/embed-sessions',
    (x) => ({ amount: 1, currency_code: 'GHS', allowed_origins: [ORIGIN], button_label: x }),
    'button_label',
  ],
  [
    'embed session meta_data',
    'POST',
    '/api/v1/merchants/checkouts/embed-sessions',
    (x) => ({ amount: 1, currency_code: 'GHS', allowed_origins: [ORIGIN], meta_data: { a: x } }),
    'meta_data.a',
  ],
  [
    'payment account bank_name',
    'POST',
    '/api/v1/merchants/payment-accounts',
    (x) => ({
      currency_code: 'GHS',
      account_type: 'bank_account',
      account_number: '0123456789',
      bank_name: x,
      account_holder_name: 'Ama',
    }),
    'bank_name',
  ],
  [
    'payment account bank_routing_number',
    'POST',
    '/api/v1/merchants/payment-accounts',
    (x) => ({
      currency_code: 'GHS',
      account_type: 'bank_account',
      account_number: '0123456789',
      bank_name: 'GCB',
      bank_routing_number: x,
      account_holder_name: 'Ama',
    }),
    'bank_routing_number',
  ],
  [
    'payment account account_holder_name',
    'PUT',
    `/api/v1/merchants/payment-accounts/${SOME_ID}`,
    (x) => ({ account_holder_name: x }),
    'account_holder_name',
  ],
  [
    'payment account provider_metadata',
    'POST',
    '/api/v1/merchants/payment-accounts',
    (x) => ({
      currency_code: 'GHS',
      account_type: 'mobile_money',
      phone_number: '0244123456',
      network_provider: 'mtn_momo',
      provider_metadata: { deep: { note: x } },
    }),
    'provider_metadata.deep.note',
  ],
  [
    'withdrawal notes',
    'POST',
    '/api/v1/merchants/withdrawals',
    (x) => ({ amount: 1, currency_code: 'GHS', payment_account_id: SOME_ID, notes: x }),
    'notes',
  ],
  [
    'withdrawal recipient_details',
    'POST',
    '/api/v1/merchants/withdrawals',
    (x) => ({
      amount: 1,
      currency_code: 'GHS',
      payout_type: 'bank_transfer',
      recipient_details: { ...bank, bank_name: x },
    }),
    'recipient_details.bank_name',
  ],
  [
    'withdrawal cancel reason',
    'POST',
    `/api/v1/merchants/withdrawals/${SOME_ID}/cancel`,
    (x) => ({ reason: x }),
    'reason',
  ],
  [
    'payout payout_reason',
    'POST',
    '/api/v1/merchants/payouts',
    (x) => ({
      amount: 1,
      currency_code: 'GHS',
      payout_type: 'bank_transfer',
      recipient_details: bank,
      payout_reason: x,
    }),
    'payout_reason',
  ],
  [
    'payout recipient_details',
    'POST',
    '/api/v1/merchants/payouts',
    (x) => ({
      amount: 1,
      currency_code: 'GHS',
      payout_type: 'bank_transfer',
      recipient_details: { ...bank, recipient_name: x },
      payout_reason: 'Supplier',
    }),
    'recipient_details.recipient_name',
  ],
  ['payout cancel reason', 'POST', `/api/v1/merchants/payouts/${SOME_ID}/cancel`, (x) => ({ reason: x }), 'reason'],
  ['API key name', 'POST', '/api/v1/merchants/api-keys', (x) => ({ name: x }), 'name'],
  [
    'API key metadata',
    'POST',
    '/api/v1/merchants/api-keys',
    (x) => ({ name: 'CI', api_key_metadata: { team: [x] } }),
    'api_key_metadata.team.0',
  ],
  ['branding display_name', 'PUT', '/api/v1/merchants/branding', (x) => ({ display_name: x }), 'display_name'],
  [
    'branding logo_url',
    'PUT',
    '/api/v1/merchants/branding',
    (x) => ({ logo_url: `https://cdn.example.com/${x}.png` }),
    'logo_url',
  ],
];
const operatorCases: Case[] = [
  ['merchant name', 'POST', '/api/admin/v1/merchants', (x) => ({ name: x, email: 'ops@shop.test' }), 'name'],
  ['merchant rename', 'PATCH', `/api/admin/v1/merchants/${SOME_ID}`, (x) => ({ name: x }), 'name'],
  [
    'wallet settlement_hold_reason',
    'PATCH',
    `/api/admin/v1/merchants/${SOME_ID}/wallets/GHS`,
    (x) => ({ settlement_hold: true, settlement_hold_reason: x }),
    'settlement_hold_reason',
  ],
];

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

describe('deep JSON', () => {
  const nested = (levels: number, inner = '1') => '{"a":'.repeat(levels) + inner + '}'.repeat(levels);

  it.each([33, 2_000, 3_000, 100_000])(
    '%i levels inside recipient_details is a 422 json_too_deep, with an Idempotency-Key too',
    async (levels) => {
      const before = await snapshot();
      const body = `{"amount":1,"currency_code":"GHS","payout_type":"bank_transfer","payout_reason":"x","recipient_details":${nested(levels - 1)}}`;
      const res = await m.send(contract.createPayout, {
        body,
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `deep-${levels}`,
        },
      });
      // The 33rd container opens inside the 31st `a`.
      const fields = expectRefused(res, `recipient_details${'.a'.repeat(31)}`, 'json_too_deep');
      expect(fields[0]!.message).toMatch(/32 levels/);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('32 levels are parsed (then the schema decides)', async () => {
    const res = await m.send(contract.createApiKey, {
      body: `{"name":"deep","api_key_metadata":${nested(31)}}`,
      headers: {
        'content-type': 'application/json',
      },
    });
    expect(expectRefused(res, 'api_key_metadata')[0]!.message).toMatch(/at most 5 levels deep/);
  });

  it('brackets inside strings do not count', async () => {
    const res = await m.call(contract.createCheckout, {
      body: {
        ...minimalCheckout,
        description: '['.repeat(200) + '{"'.repeat(100),
      },
    });
    expectStatus(res, 200);
  });
});

describe('free-form objects', () => {
  const account = {
    currency_code: 'GHS',
    account_type: 'mobile_money',
    phone_number: '0244123456',
    network_provider: 'mtn_momo',
  } satisfies BodyOf<typeof contract.createPaymentAccount>;

  it.each([
    ['10,000 keys', Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])), /at most 100 keys/],
    [
      '101 keys over two levels',
      { a: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])) },
      /at most 100 keys/,
    ],
    ['6 levels', { a: { b: { c: { d: { e: { f: 1 } } } } } }, /at most 5 levels deep/],
    ['5 KB', { note: 'x'.repeat(5000) }, /at most 4096 bytes/],
  ])('provider_metadata with %s is refused', async (_label, metadata, message) => {
    const before = await snapshot();
    const res = await m.send(contract.createPaymentAccount, { body: { ...account, provider_metadata: metadata } });
    const fields = expectRefused(res, 'provider_metadata');
    expect(fields.find((f) => f.field === 'provider_metadata')!.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('provider_metadata within the limits is stored as given', async () => {
    const metadata = { a: { b: { c: { d: 'four levels below' } } }, list: [1, 2, 3] };
    const res = await m.call(contract.createPaymentAccount, { body: { ...account, provider_metadata: metadata } });
    expectStatus(res, 200);
    expect(res.body.data.provider_metadata).toEqual(metadata);
  });

  it('recipient_details is bounded before anything looks at it', async () => {
    const res = await m.call(contract.createWithdrawal, {
      body: {
        amount: 1,
        currency_code: 'GHS',
        payout_type: 'bank_transfer',
        recipient_details: { ...bank, extra: { a: { b: { c: { d: { e: 1 } } } } } },
      },
    });
    expectRefused(res, 'recipient_details');
  });
});

describe('number literals', () => {
  const post = (amount: string) =>
    m.send(contract.createCheckout, {
      body: `{"customer_email":"ada@example.com","currency_code":"GHS","amount":${amount}}`,
      headers: { 'content-type': 'application/json' },
    });

  it.each([
    '1.00000000000000000001',
    '12.34999999999999999999',
    '25.5000000000000000001',
    '1e400',
    '1e-400',
    '123456789012345678901234567890',
  ])('refuses amount %s, which a float cannot carry, naming the field', async (literal) => {
    const before = await snapshot();
    expectRefused(await post(literal), 'amount');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['1.50', 1.5],
    ['1.000', 1],
    ['12.5', 12.5],
    ['1e2', 100],
    ['0.1e1', 1],
    ['2500E-2', 25],
  ])('accepts the exact %s', async (literal, amount) => {
    const res = await post(literal);
    expectStatus(res, 200);
    expect(res.body.data.amount).toBe(amount);
  });

  it('still refuses 12.345 GHS (too many decimals for the currency)', async () => {
    expect(expectRefused(await post('12.345'), 'amount')[0]!.message).toMatch(/decimals/);
  });

  it('names the path of a number deep inside an object or a list', async () => {
    const res = await m.send(contract.createApiKey, {
      body: '{"name":"n","api_key_metadata":{"limits":[1, 2.0000000000000000000001]}}',
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(res, 'api_key_metadata.limits.1');
  });
});

describe('the operator API and other surfaces parse the same way', () => {
  it('a deep body to the operator API is refused before it is parsed', async () => {
    const res = await admin().send(contract.createMerchant, {
      body: `{"name":"x","email":"a@b.co","extra":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expectRefused(res, `extra${'.0'.repeat(31)}`, 'json_too_deep');
  });
});

describe('timestamps', () => {
  it.each(['0000-02-27T13:43:12Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59Z'])(
    'as_of %s is refused (PostgreSQL has no year 0), not a 500',
    async (asOf) => {
      expectRefused(await admin().call(contract.runSettlement, { body: { as_of: asOf } }), 'as_of');
    },
  );
});
