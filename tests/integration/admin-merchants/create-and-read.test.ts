import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { admin, newMerchant } from '../../support/fixtures';
import { isWellFormedApiKey, hashApiKey } from '../../../lib/access/api-key-format';
import { API_KEY_FIELDS, CURRENCIES, UUID } from '../../support/shapes';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { TIMESTAMP, sql, expect422, expectWallets } from './helpers';

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
      live_enabled_at: null,
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
    const { wallets, live_wallets, ...merchant } = res.body.data;
    expect(merchant).toEqual(created.body.data.merchant);
    expect(live_wallets).toBeNull();
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
