import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { liveKeyOf, newMerchant } from '../../support/fixtures';
import { hashApiKey, isWellFormedApiKey } from '../../../lib/access/api-key-format';
import { API_KEY_FIELDS, UUID } from '../../support/shapes';
import { caller, expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { TIMESTAMP, sql, parseTs, createKey } from './helpers';

describe('POST /api/v1/merchants/api-keys', () => {
  it('creates a key from only a name with exactly the spec 2.2 defaults', async () => {
    const m = await newMerchant();
    const started = Date.now();
    const res = await m.call(contract.createApiKey, { body: { name: 'CI key' } });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(typeof res.body.message).toBe('string');
    const key = res.body.data;
    expect(Object.keys(key).sort()).toEqual([...API_KEY_FIELDS, 'secret_key'].sort());
    expect(key).toEqual({
      id: expect.stringMatching(UUID),
      merchant_id: m.id,
      key_name: 'CI key',
      key_hash: hashApiKey(key.secret_key),
      key_prefix: key.secret_key.slice(0, 12),
      status: 'active',
      scope: 'FULL_ACCESS',
      permissions: ['read', 'write'],
      expires_at: null,
      last_used_at: null,
      created_by: m.id,
      revoked_at: null,
      revoked_by: null,
      api_key_metadata: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      deleted_at: null,
      secret_key: expect.stringMatching(/^sk_test_[0-9A-Za-z]{49}$/),
    });
    expect(isWellFormedApiKey(key.secret_key)).toBe(true);
    expect(key.key_prefix).toMatch(/^sk_test_/);
    expect(Math.abs(parseTs(key.created_at) - started)).toBeLessThan(60_000);

    // The new key works.
    const own = await caller({ 'x-api-key': key.secret_key }).call(contract.listApiKeys);
    expectStatus(own, 200);
  });

  it('stores only the hash of the secret', async () => {
    const m = await newMerchant();
    const { key } = await createKey(m, { name: 'Hashed' });
    const rows = await sql`select * from api_keys where id = ${key.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(hashApiKey(key.secret_key));
    expect(JSON.stringify(rows[0])).not.toContain(key.secret_key);
  });

  it('stores every optional field', async () => {
    const m = await newMerchant();
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
    const res = await m.call(contract.createApiKey, {
      body: {
        name: 'Checkout bot',
        scope: 'RESTRICTED',
        permissions: ['checkout', 'read', 'checkout'],
        expires_at: expiresAt.toISOString(),
        api_key_metadata: { team: 'payments', rotation: 3 },
      },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({
      key_name: 'Checkout bot',
      scope: 'RESTRICTED',
      permissions: ['checkout', 'read'],
      expires_at: expiresAt.toISOString().replace(/Z$/, ''),
      api_key_metadata: { team: 'payments', rotation: 3 },
    });
  });

  it('refuses api_key_metadata over 4096 characters of JSON', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.createApiKey, {
      body: { name: 'Big', api_key_metadata: { note: 'x'.repeat(5000) } },
    });
    expectStatus(res, 422);
    expect(invalidFields(res)).toContain('api_key_metadata');
  });

  it('mints sk_live_ keys with a live key, sk_test_ keys with a test key', async () => {
    const m = await newMerchant();
    const live = await liveKeyOf(m);
    const res = await live.call(contract.createApiKey, { body: { name: 'Live' } });
    expectStatus(res, 200);
    expect(res.body.data.secret_key).toMatch(/^sk_live_[0-9A-Za-z]{49}$/);
    expect(res.body.data.key_prefix).toMatch(/^sk_live_/);
    expect(isWellFormedApiKey(res.body.data.secret_key)).toBe(true);
    const used = await caller({ 'x-api-key': res.body.data.secret_key }).ok(contract.listApiKeys);
    // Each mode lists its own keys only.
    expect(used.body.data.map((k) => k.key_name).sort()).toEqual(['Live', 'Live key']);
    const test = await m.ok(contract.createApiKey, { body: { name: 'Test' } });
    expect(test.body.data.secret_key).toMatch(/^sk_test_/);
    expect((await m.ok(contract.listApiKeys)).body.data.map((k) => k.key_name).sort()).toEqual(['Default key', 'Test']);
  });

  it('reads an expires_at without an offset as UTC', async () => {
    const m = await newMerchant();
    const future = new Date(Date.now() + 24 * 3600_000).toISOString().replace(/Z$/, '');
    const res = await m.call(contract.createApiKey, { body: { name: 'Local', expires_at: future } });
    expectStatus(res, 200);
    expect(res.body.data.expires_at).toBe(future);
  });

  it('refuses an expires_at in the past', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.createApiKey, {
      body: { name: 'Stale', expires_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(invalidFields(res)).toContain('expires_at');
    const rows = await sql`select count(*)::int as n from api_keys where merchant_id = ${m.id}`;
    expect(rows[0]!.n).toBe(1);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'X', scope: 'ADMIN' }, 'scope'],
    [{ name: 'X', permissions: ['read', 'delete'] }, 'permissions.1'],
    [{ name: 'X', permissions: [] }, 'permissions'],
    [{ name: 'X', expires_at: 'tomorrow' }, 'expires_at'],
    [{ name: 'X', api_key_metadata: 'notes' }, 'api_key_metadata'],
    [{ name: 'X', merchant_id: crypto.randomUUID() }, 'merchant_id'],
    [{ name: 'X', status: 'revoked' }, 'status'],
  ])('refuses %j (field %s)', async (body, field) => {
    const m = await newMerchant();
    const res = await m.send(contract.createApiKey, { body });
    expect(invalidFields(res)).toContain(field);
  });

  it('requires permissions for a RESTRICTED key', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.createApiKey, { body: { name: 'Restricted', scope: 'RESTRICTED' } });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(invalidFields(res)).toContain('permissions');
  });

  it('never shows the secret again: listings carry no secret_key', async () => {
    const m = await newMerchant();
    const { key } = await createKey(m, { name: 'Once' });
    const listed = await m.call(contract.listApiKeys);
    expectStatus(listed, 200);
    expect(listed.text).not.toContain(key.secret_key);
    for (const k of listed.body.data) {
      expect(k).not.toHaveProperty('secret_key');
      expect(Object.keys(k).sort()).toEqual([...API_KEY_FIELDS].sort());
    }
  });
});

describe('GET /api/v1/merchants/api-keys', () => {
  it('lists all of the merchant’s keys, newest first, active and revoked', async () => {
    const m = await newMerchant();
    const { key: a } = await createKey(m, { name: 'A' });
    const { key: b } = await createKey(m, { name: 'B' });
    await m.call(contract.revokeApiKey, { params: { key_id: a.id } });

    const res = await m.call(contract.listApiKeys);
    expectStatus(res, 200);
    expect(res.body.data.map((k) => k.id)).toEqual([b.id, a.id, m.keyId]);
    expect(res.body.data.map((k) => k.status)).toEqual(['active', 'revoked', 'active']);
    expect(res.body.data.every((k) => k.merchant_id === m.id)).toBe(true);
  });

  it('shows no key of another merchant', async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    await createKey(other, { name: 'Theirs' });
    const res = await m.ok(contract.listApiKeys);
    expect(res.body.data.map((k) => k.id)).toEqual([m.keyId]);
  });
});
