import { beforeAll, describe, expect, it } from 'vitest';
import { admin, minimalCheckout, newMerchant, type Merchant } from '../../support/fixtures';
import { expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';
import { snapshot, expectRefused, bank } from './helpers';

let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
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
