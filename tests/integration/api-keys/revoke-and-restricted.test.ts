import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { minimalCheckout, newMerchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { TIMESTAMP, sql, parseTs, createKey } from './helpers';

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
