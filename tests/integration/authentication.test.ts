import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../lib/platform/http/error-codes';
import { minimalCheckout, newMerchant } from '../support/fixtures';
import { generateApiKey } from '../../lib/access/api-key-format';
import { caller, expectErrorShape, expectStatus } from '../support/caller';
import { contract } from '../support/contract';

/** Merchant endpoints, one per route file and method, to show the refusals are the same everywhere. */
const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
const ENDPOINTS: [string, string, unknown][] = [
  ['GET', '/api/v1/merchants/api-keys', undefined],
  ['POST', '/api/v1/merchants/api-keys', { name: 'X' }],
  ['DELETE', `/api/v1/merchants/api-keys/${ZERO_UUID}`, undefined],
  ['GET', '/api/v1/merchants/checkouts', undefined],
  ['POST', '/api/v1/merchants/checkouts', minimalCheckout],
  ['GET', `/api/v1/merchants/checkouts/${ZERO_UUID}`, undefined],
  ['POST', `/api/v1/merchants/checkouts/${ZERO_UUID}/cancel`, undefined],
];

async function expect401(res: { status: number; body: unknown; headers: Headers }, code: ErrorCode) {
  expect(res.status).toBe(401);
  expectErrorShape(res.body, code);
  expect(res.body).toEqual({
    status: 'error',
    message: expect.any(String),
    error: { code, fields: expect.any(Array), doc_url: `http://api.payments.test/docs/errors#${code}` },
    request_id: expect.any(String),
  });
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
}

describe('x-api-key', () => {
  it.each(ENDPOINTS)('%s %s without x-api-key is 401 missing_api_key', async (method, path, body) => {
    await expect401(await caller().raw(method, path, { body }), 'missing_api_key');
  });

  it('an empty x-api-key is 401 missing_api_key', async () => {
    await expect401(await caller().call(contract.listCheckouts, { headers: { 'x-api-key': '' } }), 'missing_api_key');
  });

  const { secret } = generateApiKey('test');
  it.each([
    ['garbage', 'not-a-key'],
    ['a bearer token', `Bearer ${secret}`],
    ['a truncated key', secret.slice(0, -1)],
    ['a key with a wrong checksum', secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0')],
    ['a key with a changed body character', secret.slice(0, 10) + (secret[10] === 'A' ? 'B' : 'A') + secret.slice(11)],
    ['a key with an extra character', `${secret}x`],
    ['an unknown prefix', secret.replace('sk_test_', 'sk_prod_')],
    ['a publishable-looking key', secret.replace('sk_', 'pk_')],
  ])('%s is 401 invalid_api_key', async (_label, key) => {
    await expect401(await caller().call(contract.listCheckouts, { headers: { 'x-api-key': key } }), 'invalid_api_key');
  });

  it.each(ENDPOINTS)('%s %s with a well-formed unknown key is 401 invalid_api_key', async (method, path, body) => {
    for (const mode of ['test', 'live'] as const) {
      const unknown = generateApiKey(mode).secret;
      await expect401(await caller().raw(method, path, { headers: { 'x-api-key': unknown }, body }), 'invalid_api_key');
    }
  });

  it('a real key passed in Authorization instead of x-api-key is 401 missing_api_key', async () => {
    const m = await newMerchant();
    const res = await caller().call(contract.listCheckouts, { headers: { authorization: `Bearer ${m.apiKey}` } });
    await expect401(res, 'missing_api_key');
  });

  it('a real key works, with surrounding whitespace tolerated', async () => {
    const m = await newMerchant();
    expect((await m.call(contract.listCheckouts)).status).toBe(200);
    const padded = await caller({ 'x-api-key': `  ${m.apiKey}  ` }).call(contract.listCheckouts);
    expectStatus(padded, 200);
  });

  it('the key of one merchant cannot be changed into another working key', async () => {
    const m = await newMerchant();
    const tweaked = m.apiKey.slice(0, -2) + m.apiKey.slice(-1) + m.apiKey.slice(-2, -1);
    if (tweaked !== m.apiKey) {
      await expect401(await caller({ 'x-api-key': tweaked }).call(contract.listCheckouts), 'invalid_api_key');
    }
  });

  it('authentication comes before validation: an invalid body without a key is 401, not 422', async () => {
    await expect401(await caller().send(contract.createCheckout, { body: { amount: -1 } }), 'missing_api_key');
    await expect401(
      await caller().call(contract.getCheckout, { params: { checkout_id: 'not-a-uuid' } }),
      'missing_api_key',
    );
  });

  it('the refusal reveals nothing about the key', async () => {
    const m = await newMerchant();
    const res = await caller().call(contract.listCheckouts, { headers: { 'x-api-key': m.apiKey.slice(0, -1) } });
    expectStatus(res, 401);
    expect(res.text).not.toContain(m.apiKey.slice(12, -1));
    expect(res.text).not.toContain(m.id);
  });
});

describe('request id', () => {
  it('every 401 carries a request_id equal to the X-Request-Id response header', async () => {
    const ids = new Set<string>();
    for (const [method, path, body] of ENDPOINTS) {
      const res = await caller().raw(method, path, { body });
      expectStatus(res, 401);
      const id = res.headers.get('x-request-id');
      expect(id).toBeTruthy();
      expectErrorShape(res.body);
      expect(res.body.request_id).toBe(id);
      ids.add(id!);
    }
    expect(ids.size).toBe(ENDPOINTS.length);
  });

  it('keeps a well-formed incoming X-Request-Id', async () => {
    const res = await caller().call(contract.listCheckouts, { headers: { 'x-request-id': 'req_abc-123.456:789' } });
    expectStatus(res, 401);
    expect(res.headers.get('x-request-id')).toBe('req_abc-123.456:789');
    expect(res.body.request_id).toBe('req_abc-123.456:789');
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(129), 'evil<script>id'])(
    'replaces an unsafe incoming X-Request-Id %j',
    async (given) => {
      const res = await caller().call(contract.listCheckouts, { headers: { 'x-request-id': given } });
      const id = res.headers.get('x-request-id');
      expect(id).not.toBe(given);
      expect(id).toMatch(/^[\w.:-]{8,128}$/);
      expectErrorShape(res.body);
      expect(res.body.request_id).toBe(id);
    },
  );

  it('successful responses carry X-Request-Id too', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.listCheckouts, { headers: { 'x-request-id': 'trace-0001-success' } });
    expectStatus(res, 200);
    expect(res.headers.get('x-request-id')).toBe('trace-0001-success');
  });
});
