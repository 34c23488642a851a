import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { admin, minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { hashApiKey, isWellFormedApiKey } from '../../lib/access/api-key-format';
import { resetConfigForTests } from '../../lib/platform/config';
import { testSql } from '../support/database';
import { API_KEY_FIELDS, UUID } from '../support/shapes';
import { caller, expectErrorShape, expectStatus, invalidFields, type BodyOf } from '../support/caller';
import { contract } from '../support/contract';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;
/** Spec 2.2, in order. */
const sql = testSql();

/** Spec timestamps carry no zone: they are UTC. */
const parseTs = (ts: string) => new Date(`${ts}Z`).getTime();

async function createKey(m: Merchant, body: BodyOf<typeof contract.createApiKey>) {
  const res = await m.call(contract.createApiKey, { body });
  if (!res.ok) throw new Error(`key creation failed: ${res.text}`);
  return { key: res.body.data, api: caller({ 'x-api-key': res.body.data.secret_key }) };
}

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

  it('mints sk_live_ keys when PAYMENT_RAILS is live', async () => {
    const m = await newMerchant();
    process.env.PAYMENT_RAILS = 'live';
    resetConfigForTests();
    try {
      const res = await m.call(contract.createApiKey, { body: { name: 'Live' } });
      expectStatus(res, 200);
      expect(res.body.data.secret_key).toMatch(/^sk_live_[0-9A-Za-z]{49}$/);
      expect(res.body.data.key_prefix).toMatch(/^sk_live_/);
      expect(isWellFormedApiKey(res.body.data.secret_key)).toBe(true);
      const used = await caller({ 'x-api-key': res.body.data.secret_key }).call(contract.listApiKeys);
      expectStatus(used, 200);
    } finally {
      process.env.PAYMENT_RAILS = 'sandbox';
      resetConfigForTests();
    }
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

describe('DELETE /api/v1/merchants/api-keys/{key_id}', () => {
  it('revokes a key: status, revoked_at, revoked_by; the key is refused on its next request', async () => {
    const m = await newMerchant();
    const { key, api } = await createKey(m, { name: 'To revoke' });
    expect((await api.call(contract.listApiKeys)).status).toBe(200);

    const started = Date.now();
    const res = await m.call(contract.revokeApiKey, { params: { key_id: key.id } });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({
      id: key.id,
      merchant_id: m.id,
      status: 'revoked',
      revoked_by: m.id,
      deleted_at: null,
    });
    expect(res.body.data).not.toHaveProperty('secret_key');
    expect(res.body.data.revoked_at).toMatch(TIMESTAMP);
    expect(Math.abs(parseTs(res.body.data.revoked_at!) - started)).toBeLessThan(60_000);

    const refused = await api.call(contract.listApiKeys);
    expectStatus(refused, 401);
    expectErrorShape(refused.body, 'revoked_api_key');
    const refusedCheckout = await api.call(contract.createCheckout, { body: minimalCheckout });
    expectStatus(refusedCheckout, 401);
    expectErrorShape(refusedCheckout.body, 'revoked_api_key');

    // The listing (with another key) shows the revocation.
    const listed = await m.ok(contract.listApiKeys);
    expect(listed.body.data.find((k) => k.id === key.id)).toMatchObject({
      status: 'revoked',
      revoked_at: res.body.data.revoked_at,
      revoked_by: m.id,
    });
  });

  it('bumps updated_at on revocation', async () => {
    const m = await newMerchant();
    const { key } = await createKey(m, { name: 'Updated' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await m.ok(contract.revokeApiKey, { params: { key_id: key.id } });
    expect(res.body.data.created_at).toBe(key.created_at);
    expect(parseTs(res.body.data.updated_at)).toBeGreaterThan(parseTs(key.updated_at));
  });

  it('two simultaneous revocations: one succeeds, the other is 409', async () => {
    const m = await newMerchant();
    const { key } = await createKey(m, { name: 'Raced' });
    const results = await Promise.all([
      m.call(contract.revokeApiKey, { params: { key_id: key.id } }),
      m.call(contract.revokeApiKey, { params: { key_id: key.id } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a key can revoke itself', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.revokeApiKey, { params: { key_id: m.keyId } });
    expectStatus(res, 200);
    const after = await m.call(contract.listApiKeys);
    expectStatus(after, 401);
    expectErrorShape(after.body, 'revoked_api_key');
  });

  it('revoking twice is 409 and keeps the first revocation', async () => {
    const m = await newMerchant();
    const { key } = await createKey(m, { name: 'Twice' });
    const first = await m.call(contract.revokeApiKey, { params: { key_id: key.id } });
    expectStatus(first, 200);
    const second = await m.call(contract.revokeApiKey, { params: { key_id: key.id } });
    expectStatus(second, 409);
    expectErrorShape(second.body, 'api_key_already_revoked');
    const listed = await m.ok(contract.listApiKeys);
    expect(listed.body.data.find((k) => k.id === key.id)!.revoked_at).toBe(first.body.data.revoked_at);
  });

  it('another merchant’s key id is 404, and that key keeps working', async () => {
    const owner = await newMerchant();
    const intruder = await newMerchant();
    const { key, api } = await createKey(owner, { name: 'Owned' });
    const res = await intruder.call(contract.revokeApiKey, { params: { key_id: key.id } });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');

    const unknown = await intruder.call(contract.revokeApiKey, { params: { key_id: crypto.randomUUID() } });
    expectStatus(unknown, 404);
    expect(unknown.body.error).toEqual(res.body.error);
    expect(unknown.body.message).toBe(res.body.message);

    expect((await api.call(contract.listApiKeys)).status).toBe(200);
    const [row] = await sql`select status, revoked_at from api_keys where id = ${key.id}`;
    expect(row).toEqual({ status: 'active', revoked_at: null });
  });

  it('is 422 for a key id that is not a UUID', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.revokeApiKey, { params: { key_id: 'not-a-uuid' } });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(invalidFields(res)).toContain('key_id');
  });
});

describe('restricted keys', () => {
  it('a read-only key can read checkouts but not create them or manage keys', async () => {
    const m = await newMerchant();
    const created = await m.call(contract.createCheckout, { body: minimalCheckout });
    expectStatus(created, 200);
    const { key, api } = await createKey(m, { name: 'Reader', scope: 'RESTRICTED', permissions: ['read'] });
    expect(key).toMatchObject({ scope: 'RESTRICTED', permissions: ['read'] });

    const list = await api.call(contract.listCheckouts);
    expectStatus(list, 200);
    expect(list.body.data.map((c) => c.id)).toEqual([created.body.data.id]);
    const one = await api.call(contract.getCheckout, { params: { checkout_id: created.body.data.id } });
    expectStatus(one, 200);
    expect(one.body.data.id).toBe(created.body.data.id);

    const before = await sql`select count(*)::int as n from checkouts where merchant_id = ${m.id}`;
    const post = await api.call(contract.createCheckout, { body: minimalCheckout });
    expectStatus(post, 403);
    expectErrorShape(post.body, 'insufficient_permissions');
    const after = await sql`select count(*)::int as n from checkouts where merchant_id = ${m.id}`;
    expect(after[0]!.n).toBe(before[0]!.n);

    const cancel = await api.call(contract.cancelCheckout, { params: { checkout_id: created.body.data.id } });
    expectStatus(cancel, 403);
    expectErrorShape(cancel.body, 'insufficient_permissions');

    for (const res of [
      await api.call(contract.listApiKeys),
      await api.call(contract.createApiKey, { body: { name: 'Escalate' } }),
      await api.call(contract.createApiKey, { body: { name: 'Escalate', scope: 'RESTRICTED', permissions: ['read'] } }),
      await api.call(contract.revokeApiKey, { params: { key_id: m.keyId } }),
      await api.call(contract.revokeApiKey, { params: { key_id: key.id } }),
    ]) {
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 'insufficient_permissions');
    }
    const keys = await sql`select status from api_keys where merchant_id = ${m.id}`;
    expect(keys.map((k) => k.status)).toEqual(['active', 'active']);
  });

  it('a checkout key can create checkouts but cannot manage keys', async () => {
    const m = await newMerchant();
    const { api } = await createKey(m, { name: 'Checkout', scope: 'RESTRICTED', permissions: ['checkout'] });
    const post = await api.call(contract.createCheckout, { body: minimalCheckout });
    expectStatus(post, 200);
    expect((await api.call(contract.listCheckouts)).status).toBe(200);
    const keys = await api.call(contract.listApiKeys);
    expectStatus(keys, 403);
    expectErrorShape(keys.body, 'insufficient_permissions');
  });

  it('a webhook-only key cannot touch checkouts', async () => {
    const m = await newMerchant();
    const { api } = await createKey(m, { name: 'Hooks', scope: 'RESTRICTED', permissions: ['webhook'] });
    for (const res of [
      await api.call(contract.listCheckouts),
      await api.call(contract.createCheckout, { body: minimalCheckout }),
    ]) {
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 'insufficient_permissions');
    }
  });
});

describe('expiry and last use', () => {
  it('an expired key is refused with 401 expired_api_key', async () => {
    const m = await newMerchant();
    const { key, api } = await createKey(m, {
      name: 'Short lived',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect((await api.call(contract.listCheckouts)).status).toBe(200);

    await sql`update api_keys set expires_at = now() - interval '1 second' where id = ${key.id}`;
    for (const res of [
      await api.call(contract.listCheckouts),
      await api.call(contract.createCheckout, { body: minimalCheckout }),
      await api.call(contract.listApiKeys),
    ]) {
      expect(res.status).toBe(401);
      expectErrorShape(res.body, 'expired_api_key');
    }
    // Other keys of the merchant are unaffected, and the list says which key no longer works.
    const listed = await m.call(contract.listApiKeys);
    expectStatus(listed, 200);
    const statusOf = (id: string) => listed.body.data.find((k) => k.id === id)!.status;
    expect(statusOf(key.id)).toBe('expired');
    expect(statusOf(m.keyId)).toBe('active');
  });

  it('a revoked key that has also expired is reported as revoked', async () => {
    const m = await newMerchant();
    const { key, api } = await createKey(m, { name: 'Both' });
    await m.call(contract.revokeApiKey, { params: { key_id: key.id } });
    await sql`update api_keys set expires_at = now() - interval '1 day' where id = ${key.id}`;
    const res = await api.call(contract.listApiKeys);
    expectStatus(res, 401);
    expectErrorShape(res.body, 'revoked_api_key');
    expect((await m.ok(contract.listApiKeys)).body.data.find((k) => k.id === key.id)!.status).toBe('revoked');
  });

  it('sets last_used_at when the key is used', async () => {
    const m = await newMerchant();
    const { key, api } = await createKey(m, { name: 'Used' });
    const { key: idle } = await createKey(m, { name: 'Idle' });
    expect(key.last_used_at).toBeNull();
    const [before] = await sql`select last_used_at from api_keys where id = ${key.id}`;
    expect(before!.last_used_at).toBeNull();

    const started = Date.now();
    expect((await api.call(contract.listCheckouts)).status).toBe(200);
    const [after] = await sql`select last_used_at from api_keys where id = ${key.id}`;
    expect(after!.last_used_at).toBeInstanceOf(Date);
    expect(Math.abs((after!.last_used_at as Date).getTime() - started)).toBeLessThan(60_000);

    const listed = await api.ok(contract.listApiKeys);
    const shown = listed.body.data.find((k) => k.id === key.id)!;
    expect(shown.last_used_at).toMatch(TIMESTAMP);
    // A key that was never used keeps a null last_used_at.
    expect(listed.body.data.find((k) => k.id === idle.id)!.last_used_at).toBeNull();
  });

  it('throttles last_used_at: a second use within the minute does not write it again', async () => {
    const m = await newMerchant();
    const { key, api } = await createKey(m, { name: 'Busy' });
    await api.call(contract.listCheckouts);
    const [first] = await sql`select last_used_at from api_keys where id = ${key.id}`;
    await new Promise((r) => setTimeout(r, 10));
    await api.call(contract.listCheckouts);
    const [second] = await sql`select last_used_at from api_keys where id = ${key.id}`;
    expect(second!.last_used_at).toEqual(first!.last_used_at);

    // Once the last write is older than the resolution, the next use records it again.
    await sql`update api_keys set last_used_at = now() - interval '2 minutes' where id = ${key.id}`;
    const [old] = await sql`select last_used_at from api_keys where id = ${key.id}`;
    await api.call(contract.listCheckouts);
    const [third] = await sql`select last_used_at from api_keys where id = ${key.id}`;
    expect((third!.last_used_at as Date).getTime()).toBeGreaterThan((old!.last_used_at as Date).getTime());
  });

  it('a failed authentication does not touch last_used_at of other keys', async () => {
    const m = await newMerchant();
    const { key } = await createKey(m, { name: 'Idle' });
    const broken = key.secret_key.slice(0, -1) + (key.secret_key.endsWith('a') ? 'b' : 'a');
    const res = await caller({ 'x-api-key': broken }).call(contract.listApiKeys);
    expectStatus(res, 401);
    expectErrorShape(res.body, 'invalid_api_key');
    const [row] = await sql`select last_used_at from api_keys where id = ${key.id}`;
    expect(row!.last_used_at).toBeNull();
  });
});

describe('keys minted by the operator', () => {
  it('work on the merchant API and can be revoked by the merchant', async () => {
    const m = await newMerchant();
    const issued = await admin().call(contract.createMerchantApiKey, {
      params: { merchant_id: m.id },
      body: { name: 'Ops' },
    });
    expectStatus(issued, 200);
    const res = await m.call(contract.revokeApiKey, { params: { key_id: issued.body.data.id } });
    expectStatus(res, 200);
    expect(res.body.data.revoked_by).toBe(m.id);
  });
});
