import { describe, expect, it } from 'vitest';
import { API_KEY_CACHE_MS } from '../../../lib/access/merchant-auth';
import { admin, liveKeyOf, newMerchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, createKey } from './helpers';

/**
 * Verified keys are remembered for API_KEY_CACHE_MS (lib/access/merchant-auth.ts): a change made by
 * this instance's verbs shows at once; a change made elsewhere (another instance: here, straight in
 * the database) shows within that time, never later.
 */
async function refusedWithin(call: () => Promise<{ status: number }>, status: number) {
  const started = Date.now();
  for (;;) {
    const res = await call();
    if (res.status === status) return Date.now() - started;
    expectStatus(res as never, 200);
    if (Date.now() - started > API_KEY_CACHE_MS * 3)
      throw new Error(`still ${res.status} after ${Date.now() - started} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the key cache', () => {
  it('a key revoked by another instance is refused within API_KEY_CACHE_MS', async () => {
    const m = await newMerchant();
    const { key, api } = await createKey(m, { name: 'Revoked elsewhere' });
    expectStatus(await api.call(contract.listCheckouts), 200); // remembered now
    await sql`update api_keys set status = 'revoked', revoked_at = now() where id = ${key.id}`;
    const waited = await refusedWithin(() => api.call(contract.listCheckouts), 401);
    expect(waited).toBeLessThanOrEqual(API_KEY_CACHE_MS + 100);
    const res = await api.call(contract.listCheckouts);
    expectErrorShape(res.body, 'revoked_api_key');
  });

  it('live mode switched off by this instance stops live keys at once; elsewhere, within API_KEY_CACHE_MS', async () => {
    const m = await newMerchant();
    const live = await liveKeyOf(m);
    const setLive = (live_enabled: boolean) =>
      admin().ok(contract.updateMerchant, { params: { merchant_id: m.id }, body: { live_enabled } });
    expectStatus(await live.call(contract.listCheckouts), 200); // remembered now
    await setLive(false);
    expectErrorShape((await live.call(contract.listCheckouts)).body, 'live_mode_not_enabled');
    await setLive(true);
    expectStatus(await live.call(contract.listCheckouts), 200);
    await sql`update merchants set live_enabled_at = null where id = ${m.id}`;
    const waited = await refusedWithin(() => live.call(contract.listCheckouts), 403);
    expect(waited).toBeLessThanOrEqual(API_KEY_CACHE_MS + 100);
  });
});
