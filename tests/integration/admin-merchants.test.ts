import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, adminHeaders, newMerchant, type Merchant } from '../support/fixtures';
import { isWellFormedApiKey, hashApiKey } from '../../lib/access/api-key-format';
import { testSql } from '../support/database';
import { API_KEY_FIELDS, UUID } from '../support/shapes';
import { caller, expectErrorShape, expectStatus, invalidFields, type DataOf } from '../support/caller';
import { contract } from '../support/contract';

/** Spec 2.1: ISO 8601 without a zone offset. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;
const CURRENCIES = ['ETB', 'EUR', 'GBP', 'GHS', 'KES', 'NGN', 'USD', 'XAF', 'XOF'];
const WALLET_FIELDS = [
  'id',
  'merchant_id',
  'currency_id',
  'currency_name',
  'holding_balance',
  'available_balance',
  'balance',
  'settlement_hold',
  'settlement_hold_reason',
  'settlement_hold_visibility',
  'last_deposit_at',
  'last_settlement_at',
  'last_payout_at',
  'status',
  'created_at',
  'updated_at',
];

const sql = testSql();

function expect422(res: { status: number; body: unknown; text: string }, field: string) {
  expect(invalidFields(res)).toContain(field);
}

function expectWallets(wallets: DataOf<typeof contract.createMerchant>['wallets'], merchantId: string) {
  expect(wallets).toHaveLength(CURRENCIES.length);
  expect(wallets.map((w) => w.currency_name).sort()).toEqual(CURRENCIES);
  for (const w of wallets) {
    expect(Object.keys(w).sort()).toEqual([...WALLET_FIELDS].sort());
    expect(w.id).toMatch(UUID);
    expect(w.merchant_id).toBe(merchantId);
    expect(w.currency_id).toMatch(UUID);
    expect(w.holding_balance).toBe(0);
    expect(w.available_balance).toBe(0);
    expect(w.balance).toBe(0);
    expect(w.settlement_hold).toBe(false);
    expect(w.settlement_hold_reason).toBeNull();
    expect(w.settlement_hold_visibility).toBeNull();
    expect(w.last_deposit_at).toBeNull();
    expect(w.last_settlement_at).toBeNull();
    expect(w.last_payout_at).toBeNull();
    expect(w.status).toBe('active');
    expect(w.created_at).toMatch(TIMESTAMP);
    expect(w.updated_at).toMatch(TIMESTAMP);
  }
  expect(new Set(wallets.map((w) => w.id)).size).toBe(CURRENCIES.length);
  expect(new Set(wallets.map((w) => w.currency_id)).size).toBe(CURRENCIES.length);
}

describe('POST /api/admin/v1/merchants', () => {
  it('onboards a merchant with a zero-balance wallet per currency and a working first key', async () => {
    const res = await admin().call(contract.createMerchant, {
      body: {
        name: 'Acme Trading',
        email: 'ops@acme.test',
        kyb_status: 'verified',
      },
    });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(typeof res.body.message).toBe('string');
    const { merchant, wallets, api_key } = res.body.data;

    expect(merchant).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Acme Trading',
      email: 'ops@acme.test',
      kyb_status: 'verified',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expectWallets(wallets, merchant.id);

    expect(Object.keys(api_key).sort()).toEqual([...API_KEY_FIELDS, 'secret_key'].sort());
    expect(api_key).toMatchObject({
      merchant_id: merchant.id,
      status: 'active',
      scope: 'FULL_ACCESS',
      permissions: ['read', 'write'],
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
      deleted_at: null,
    });
    expect(api_key.secret_key).toMatch(/^sk_test_/);
    expect(isWellFormedApiKey(api_key.secret_key)).toBe(true);
    expect(api_key.key_hash).toBe(hashApiKey(api_key.secret_key));
    expect(api_key.secret_key.startsWith(api_key.key_prefix)).toBe(true);

    // The key works on a merchant endpoint, and belongs to this merchant.
    const merchantApi = caller({ 'x-api-key': api_key.secret_key });
    const keys = await merchantApi.call(contract.listApiKeys);
    expectStatus(keys, 200);
    expect(keys.body.data.map((k) => k.id)).toEqual([api_key.id]);
    expect(keys.body.data[0]!.merchant_id).toBe(merchant.id);
    const checkouts = await merchantApi.call(contract.listCheckouts);
    expectStatus(checkouts, 200);
    expect(checkouts.body.data).toEqual([]);

    // Only the hash is stored.
    const [row] = await sql`select key_hash from api_keys where id = ${api_key.id}`;
    expect(row!.key_hash).toBe(hashApiKey(api_key.secret_key));
    const stored = await sql`select count(*)::int as n from wallets where merchant_id = ${merchant.id}`;
    expect(stored[0]!.n).toBe(CURRENCIES.length);
  });

  it('defaults kyb_status to unverified and trims the name', async () => {
    const res = await admin().call(contract.createMerchant, {
      body: { name: '  Corner Shop  ', email: 'a@corner.test' },
    });
    expectStatus(res, 200);
    expect(res.body.data.merchant.kyb_status).toBe('unverified');
    expect(res.body.data.merchant.name).toBe('Corner Shop');
  });

  it.each(['unverified', 'pending', 'verified', 'rejected'] as const)('accepts kyb_status %s', async (kyb) => {
    const res = await admin().call(contract.createMerchant, {
      body: { name: 'K', email: 'k@k.test', kyb_status: kyb },
    });
    expectStatus(res, 200);
    expect(res.body.data.merchant.kyb_status).toBe(kyb);
  });

  it('gives each merchant its own wallets and key', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    expect(a.id).not.toBe(b.id);
    expect(a.apiKey).not.toBe(b.apiKey);
    const rows = await sql`select merchant_id, count(*)::int as n from wallets
                           where merchant_id in (${a.id}, ${b.id}) group by merchant_id`;
    expect(rows.map((r) => r.n)).toEqual([CURRENCIES.length, CURRENCIES.length]);
  });

  it('refuses a missing name', async () => {
    expect422(await admin().send(contract.createMerchant, { body: { email: 'x@x.test' } }), 'name');
  });

  it('refuses an empty name', async () => {
    expect422(await admin().send(contract.createMerchant, { body: { name: '   ', email: 'x@x.test' } }), 'name');
  });

  it.each(['not-an-email', '', 'a@', '@b.test'])('refuses email %j', async (email) => {
    expect422(await admin().send(contract.createMerchant, { body: { name: 'X', email } }), 'email');
  });

  it('refuses a missing email', async () => {
    expect422(await admin().send(contract.createMerchant, { body: { name: 'X' } }), 'email');
  });

  it.each(['approved', 'VERIFIED', '', 1])('refuses kyb_status %j', async (kyb) => {
    expect422(
      await admin().send(contract.createMerchant, { body: { name: 'X', email: 'x@x.test', kyb_status: kyb } }),
      'kyb_status',
    );
  });

  it('refuses an unknown field, naming it', async () => {
    const res = await admin().send(contract.createMerchant, { body: { name: 'X', email: 'x@x.test', country: 'GH' } });
    expect422(res, 'country');
  });

  it('creates nothing when refused', async () => {
    const before = await sql`select count(*)::int as n from merchants`;
    await admin().call(contract.createMerchant, { body: { name: 'X', email: 'nope' } });
    const after = await sql`select count(*)::int as n from merchants`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('GET /api/admin/v1/merchants/{merchant_id}', () => {
  it('returns the merchant and its wallets', async () => {
    const created = await admin().ok(contract.createMerchant, {
      body: {
        name: 'Lookup Ltd',
        email: 'ops@lookup.test',
        kyb_status: 'pending',
      },
    });
    const id = created.body.data.merchant.id;
    const res = await admin().call(contract.getMerchant, { params: { merchant_id: id } });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    const { wallets, ...merchant } = res.body.data;
    expect(merchant).toEqual(created.body.data.merchant);
    expectWallets(wallets, id);
    expect(wallets).toEqual(created.body.data.wallets);
  });

  it('is 404 for an unknown id', async () => {
    const res = await admin().call(contract.getMerchant, { params: { merchant_id: crypto.randomUUID() } });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');
  });

  it('is 422 for an id that is not a UUID', async () => {
    expect422(await admin().send(contract.getMerchant, { params: { merchant_id: 'not-a-uuid' } }), 'merchant_id');
  });
});

describe('PATCH /api/admin/v1/merchants/{merchant_id}', () => {
  it('updates the name and kyb_status, and GET shows it', async () => {
    const m = await newMerchant({ name: 'Before', kyb_status: 'pending' });
    const before = await admin().ok(contract.getMerchant, { params: { merchant_id: m.id } });

    const res = await admin().call(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { name: 'After', kyb_status: 'verified' },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({ id: m.id, name: 'After', kyb_status: 'verified', email: 'ops@shop.test' });
    expect(res.body.data.created_at).toBe(before.body.data.created_at);
    expect(res.body.data.updated_at >= before.body.data.updated_at).toBe(true);

    const after = await admin().ok(contract.getMerchant, { params: { merchant_id: m.id } });
    expect(after.body.data).toMatchObject({ name: 'After', kyb_status: 'verified' });
  });

  it('changes only the fields given', async () => {
    const m = await newMerchant({ name: 'Keep Me', kyb_status: 'pending' });
    const res = await admin().call(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { kyb_status: 'rejected' },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({ name: 'Keep Me', kyb_status: 'rejected' });
    const res2 = await admin().ok(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { name: 'Renamed' },
    });
    expect(res2.body.data).toMatchObject({ name: 'Renamed', kyb_status: 'rejected' });
  });

  it('refuses an empty body', async () => {
    const m = await newMerchant({ name: 'Untouched' });
    const res = await admin().call(contract.updateMerchant, { params: { merchant_id: m.id }, body: {} });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    const res2 = await caller().call(contract.updateMerchant, {
      params: { merchant_id: m.id },
      headers: adminHeaders(),
    });
    expectStatus(res2, 422);
    expectErrorShape(res2.body, 'validation_error');
    const after = await admin().ok(contract.getMerchant, { params: { merchant_id: m.id } });
    expect(after.body.data.name).toBe('Untouched');
  });

  it('refuses a bad kyb_status, an empty name and unknown fields', async () => {
    const m = await newMerchant();
    expect422(
      await admin().send(contract.updateMerchant, { params: { merchant_id: m.id }, body: { kyb_status: 'approved' } }),
      'kyb_status',
    );
    expect422(
      await admin().send(contract.updateMerchant, { params: { merchant_id: m.id }, body: { name: '' } }),
      'name',
    );
    expect422(
      await admin().send(contract.updateMerchant, { params: { merchant_id: m.id }, body: { email: 'new@x.test' } }),
      'email',
    );
  });

  it('is 404 for an unknown id', async () => {
    const res = await admin().call(contract.updateMerchant, {
      params: { merchant_id: crypto.randomUUID() },
      body: { name: 'Ghost' },
    });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');
  });

  it('is 422 for an id that is not a UUID', async () => {
    expect422(
      await admin().send(contract.updateMerchant, { params: { merchant_id: '123' }, body: { name: 'X' } }),
      'merchant_id',
    );
  });

  it('a rejected merchant cannot create checkouts', async () => {
    const m = await newMerchant({ kyb_status: 'verified' });
    await admin().call(contract.updateMerchant, { params: { merchant_id: m.id }, body: { kyb_status: 'rejected' } });
    const res = await m.call(contract.createCheckout, {
      body: {
        customer_email: 'ada@example.com',
        amount: 10,
        currency_code: 'GHS',
      },
    });
    expectStatus(res, 403);
    expectErrorShape(res.body, 'merchant_rejected');
  });
});

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
