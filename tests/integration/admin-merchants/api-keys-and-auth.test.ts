import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, newMerchant, type Merchant } from '../../support/fixtures';
import { isWellFormedApiKey } from '../../../lib/access/api-key-format';
import { API_KEY_FIELDS, UUID } from '../../support/shapes';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, expect422 } from './helpers';

describe('POST /api/admin/v1/merchants/{merchant_id}/api-keys', () => {
  it('issues a new working key to the merchant, created by the operator', async () => {
    const m = await newMerchant();
    const res = await admin().call(contract.createMerchantApiKey, {
      params: { merchant_id: m.id },
      body: { name: 'Recovery key' },
    });
    expectStatus(res, 200);
    const key = res.body.data;
    expect(Object.keys(key).sort()).toEqual([...API_KEY_FIELDS, 'secret_key'].sort());
    expect(key).toMatchObject({
      merchant_id: m.id,
      key_name: 'Recovery key',
      status: 'active',
      scope: 'FULL_ACCESS',
      permissions: ['read', 'write'],
    });
    expect(key.created_by).toMatch(UUID);
    expect(key.created_by).not.toBe(m.id);
    expect(isWellFormedApiKey(key.secret_key)).toBe(true);

    const listed = await caller({ 'x-api-key': key.secret_key }).call(contract.listApiKeys);
    expectStatus(listed, 200);
    expect(listed.body.data.map((k) => k.id).sort()).toEqual([m.keyId, key.id].sort());
  });

  it('works for a merchant that revoked all of its keys', async () => {
    const m = await newMerchant();
    expect((await m.call(contract.revokeApiKey, { params: { key_id: m.keyId } })).status).toBe(200);
    expect((await m.call(contract.listApiKeys)).status).toBe(401);
    const res = await admin().call(contract.createMerchantApiKey, {
      params: { merchant_id: m.id },
      body: { name: 'Fresh' },
    });
    expectStatus(res, 200);
    const fresh = caller({ 'x-api-key': res.body.data.secret_key });
    const listed = await fresh.call(contract.listApiKeys);
    expectStatus(listed, 200);
    expect(listed.body.data).toHaveLength(2);
  });

  it('accepts a restricted key with permissions', async () => {
    const m = await newMerchant();
    const res = await admin().call(contract.createMerchantApiKey, {
      params: { merchant_id: m.id },
      body: {
        name: 'Reader',
        scope: 'RESTRICTED',
        permissions: ['read'],
      },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({ scope: 'RESTRICTED', permissions: ['read'] });
  });

  it('validates the body', async () => {
    const m = await newMerchant();
    expect422(await admin().send(contract.createMerchantApiKey, { params: { merchant_id: m.id }, body: {} }), 'name');
    expect422(
      await admin().send(contract.createMerchantApiKey, {
        params: { merchant_id: m.id },
        body: { name: 'X', merchant_id: m.id },
      }),
      'merchant_id',
    );
  });

  it('is 404 for an unknown merchant and creates no key', async () => {
    const ghost = crypto.randomUUID();
    const res = await admin().call(contract.createMerchantApiKey, {
      params: { merchant_id: ghost },
      body: { name: 'X' },
    });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');
    const rows = await sql`select count(*)::int as n from api_keys where merchant_id = ${ghost}`;
    expect(rows[0]!.n).toBe(0);
  });

  it('is 422 for a merchant id that is not a UUID', async () => {
    expect422(
      await admin().send(contract.createMerchantApiKey, { params: { merchant_id: 'nope' }, body: { name: 'X' } }),
      'merchant_id',
    );
  });
});

describe('operator authentication', () => {
  const adminCalls: [string, (id: string) => string, unknown][] = [
    ['POST', () => '/api/admin/v1/merchants', { name: 'X', email: 'x@x.test' }],
    ['GET', (id) => `/api/admin/v1/merchants/${id}`, undefined],
    ['PATCH', (id) => `/api/admin/v1/merchants/${id}`, { name: 'Hijacked' }],
    ['POST', (id) => `/api/admin/v1/merchants/${id}/api-keys`, { name: 'Hijack' }],
  ];
  let m: Merchant;
  beforeAll(async () => {
    m = await newMerchant({ name: 'Target' });
  });

  async function expectUnchanged() {
    const res = await admin().ok(contract.getMerchant, { params: { merchant_id: m.id } });
    expect(res.body.data.name).toBe('Target');
    const keys = await sql`select count(*)::int as n from api_keys where merchant_id = ${m.id}`;
    expect(keys[0]!.n).toBe(1);
  }

  it.each(adminCalls)('%s %s without a token is 401', async (method, path, body) => {
    const res = await caller().raw(method, path(m.id), { body });
    expectStatus(res, 401);
    expectErrorShape(res.body);
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
    await expectUnchanged();
  });

  it.each(adminCalls)('%s %s with a wrong token is 401 invalid_admin_token', async (method, path, body) => {
    for (const authorization of [
      'Bearer wrong-token-0123456789abcdefghijklmnopqrstuv',
      `Bearer ${process.env.ADMIN_API_TOKEN}x`,
      `Bearer ${process.env.ADMIN_API_TOKEN!.slice(0, -1)}`,
    ]) {
      const res = await caller().raw(method, path(m.id), { headers: { authorization }, body });
      expectStatus(res, 401);
      expectErrorShape(res.body, 'invalid_admin_token');
      expect(res.body.message).not.toContain(process.env.ADMIN_API_TOKEN);
    }
    await expectUnchanged();
  });

  it('refuses a token sent without the Bearer scheme', async () => {
    for (const authorization of [process.env.ADMIN_API_TOKEN!, `Basic ${process.env.ADMIN_API_TOKEN}`, 'Bearer ']) {
      const res = await caller().call(contract.getMerchant, {
        params: { merchant_id: m.id },
        headers: { authorization },
      });
      expectStatus(res, 401);
      expectErrorShape(res.body);
    }
  });

  it('refuses the admin token in x-api-key', async () => {
    const res = await caller().call(contract.getMerchant, {
      params: { merchant_id: m.id },
      headers: { 'x-api-key': process.env.ADMIN_API_TOKEN! },
    });
    expectStatus(res, 401);
    expectErrorShape(res.body);
  });

  it.each(adminCalls)('%s %s with a merchant API key is 401', async (method, path, body) => {
    for (const headers of <Record<string, string>[]>[
      { 'x-api-key': m.apiKey },
      { authorization: `Bearer ${m.apiKey}` },
      { 'x-api-key': m.apiKey, authorization: `Bearer ${m.apiKey}` },
    ]) {
      const res = await caller().raw(method, path(m.id), { headers, body });
      expectStatus(res, 401);
      expectErrorShape(res.body);
    }
    await expectUnchanged();
  });

  it('the admin token is refused on merchant endpoints', async () => {
    const token = process.env.ADMIN_API_TOKEN!;
    const tried: Record<string, string>[] = [{ authorization: `Bearer ${token}` }, { 'x-api-key': token }];
    for (const headers of tried) {
      for (const [method, path, body] of [
        ['GET', '/api/v1/merchants/api-keys', undefined],
        ['POST', '/api/v1/merchants/api-keys', { name: 'Sneaky' }],
        ['GET', '/api/v1/merchants/checkouts', undefined],
        ['POST', '/api/v1/merchants/checkouts', { customer_email: 'a@b.test', amount: 1, currency_code: 'GHS' }],
        ['DELETE', `/api/v1/merchants/api-keys/${m.keyId}`, undefined],
      ] as const) {
        const res = await caller().raw(method, path, { headers, body });
        expectStatus(res, 401, `${method} ${path}`);
        expectErrorShape(res.body);
        expect(['missing_api_key', 'invalid_api_key']).toContain(res.body.error.code);
      }
    }
    // The merchant's key was not revoked by any of that.
    expect((await m.call(contract.listApiKeys)).status).toBe(200);
  });
});
