import { forgetCachedKeys } from '../../../lib/access/merchant-auth';
import { describe, expect, it } from 'vitest';
import { admin, minimalCheckout, newMerchant } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { TIMESTAMP, sql, createKey } from './helpers';

describe('expiry and last use', () => {
  it('an expired key is refused with 401 expired_api_key', async () => {
    const m = await newMerchant();
    const { key, api } = await createKey(m, {
      name: 'Short lived',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect((await api.call(contract.listCheckouts)).status).toBe(200);

    await sql`update api_keys set expires_at = now() - interval '1 second' where id = ${key.id}`;
    forgetCachedKeys(); // the row was changed behind the app's back (time does not pass this fast)
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
    forgetCachedKeys(); // as if the minute had passed: the cached row noted the last write
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
