import { describe, expect, it } from 'vitest';
import { admin, liveKeyOf, minimalCheckout, newMerchant } from '../support/fixtures';
import { expectErrorShape, expectStatus } from '../support/caller';
import { contract } from '../support/contract';
import { testSql } from '../support/database';

/**
 * Test and live mode side by side (lib/operator/merchants/tenants.ts): the operator switches live on
 * for a verified merchant only; a live key works on live objects only, a test key on test objects only;
 * live keys of a merchant whose live mode is off answer 403. The generated checks over every operation
 * are in security.test.ts (the owner's live key on its test resources is one more other tenant).
 */
const sql = testSql();

describe('switching live mode on and off (operator)', () => {
  it('needs a verified business: 409 kyb_not_verified, nothing created', async () => {
    const m = await newMerchant({ kyb_status: 'pending' });
    const res = await admin().call(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { live_enabled: true },
    });
    expectStatus(res, 409);
    expectErrorShape(res.body, 'kyb_not_verified');
    const tenants = await sql`select mode from tenants where merchant_id = ${m.id}`;
    expect(tenants.map((t) => t.mode)).toEqual(['test']);
  });

  it('opens a live tenant with its own zero wallets, once, however often it is enabled', async () => {
    const m = await newMerchant();
    const on = await admin().ok(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { live_enabled: true },
    });
    expect(on.body.data.live_enabled_at).not.toBeNull();
    await admin().ok(contract.updateMerchant, { params: { merchant_id: m.id }, body: { live_enabled: true } });
    const read = await admin().ok(contract.getMerchant, { params: { merchant_id: m.id } });
    const live = read.body.data.live_wallets!;
    expect(live.length).toBe(read.body.data.wallets.length);
    expect(live.every((w) => w.balance === 0)).toBe(true);
    const testIds = new Set(read.body.data.wallets.map((w) => w.id));
    expect(live.some((w) => testIds.has(w.id))).toBe(false);
    const tenants = await sql`select mode from tenants where merchant_id = ${m.id} order by mode`;
    expect(tenants.map((t) => t.mode)).toEqual(['live', 'test']);
  });

  it('off: live keys answer 403 live_mode_not_enabled, test keys carry on; a KYB downgrade also switches it off', async () => {
    const m = await newMerchant();
    const live = await liveKeyOf(m);
    await live.ok(contract.listCheckouts);
    await admin().ok(contract.updateMerchant, { params: { merchant_id: m.id }, body: { live_enabled: false } });
    const refused = await live.call(contract.listCheckouts);
    expectStatus(refused, 403);
    expectErrorShape(refused.body, 'live_mode_not_enabled');
    await m.ok(contract.listCheckouts);

    await admin().ok(contract.updateMerchant, { params: { merchant_id: m.id }, body: { live_enabled: true } });
    await live.ok(contract.listCheckouts);
    const downgraded = await admin().ok(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { kyb_status: 'pending' },
    });
    expect(downgraded.body.data.live_enabled_at).toBeNull();
    expectStatus(await live.call(contract.listCheckouts), 403);
  });

  it('the operator reads and issues keys per mode (?mode=live); live before it was ever enabled is a 404', async () => {
    const m = await newMerchant();
    const before = await admin().call(contract.listMerchantWallets, {
      params: { merchant_id: m.id },
      query: { mode: 'live' },
    });
    expectStatus(before, 404);
    await liveKeyOf(m);
    const wallets = await admin().ok(contract.listMerchantWallets, {
      params: { merchant_id: m.id },
      query: { mode: 'live' },
    });
    const mine = await sql`select w.id from wallets w join tenants t on t.id = w.tenant_id
                            where t.merchant_id = ${m.id} and t.mode = 'live' order by w.id`;
    expect(wallets.body.data.map((w) => w.id).sort()).toEqual(mine.map((w) => w.id).sort());
  });
});

describe('objects live in one mode', () => {
  it('a live checkout is invisible to the test key and the reverse; each list holds its own', async () => {
    const m = await newMerchant();
    const live = await liveKeyOf(m);
    const liveCheckout = (await live.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    const testCheckout = (await m.ok(contract.createCheckout, { body: minimalCheckout })).body.data;

    expectStatus(await m.call(contract.getCheckout, { params: { checkout_id: liveCheckout.id } }), 404);
    expectStatus(await live.call(contract.getCheckout, { params: { checkout_id: testCheckout.id } }), 404);
    expectStatus(await m.call(contract.cancelCheckout, { params: { checkout_id: liveCheckout.id } }), 404);
    expect((await m.ok(contract.listCheckouts)).body.data.map((c) => c.id)).toEqual([testCheckout.id]);
    expect((await live.ok(contract.listCheckouts)).body.data.map((c) => c.id)).toEqual([liveCheckout.id]);
    const [row] =
      await sql`select t.mode from checkouts c join tenants t on t.id = c.tenant_id where c.id = ${liveCheckout.id}`;
    expect(row!.mode).toBe('live');
  });

  it('events reach the webhook endpoints of their own mode only', async () => {
    const m = await newMerchant();
    const live = await liveKeyOf(m);
    const body = { url: 'https://93.184.215.14/hooks', events: ['checkout.created'] };
    const testHook = (await m.ok(contract.createWebhook, { body })).body.data;
    const liveHook = (await live.ok(contract.createWebhook, { body })).body.data;
    const liveCheckout = (await live.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    const deliveries = await sql`
      select d.endpoint_id from webhook_deliveries d join events e on e.id = d.event_id
       where e.resource_id = ${liveCheckout.id}`;
    expect(deliveries.map((d) => d.endpoint_id)).toEqual([liveHook.id]);
    expect(deliveries.map((d) => d.endpoint_id)).not.toContain(testHook.id);
    expectStatus(await m.call(contract.getWebhook, { params: { webhook_id: liveHook.id } }), 404);
  });

  it('keys of one mode are not listed, nor revocable, from the other', async () => {
    const m = await newMerchant();
    const live = await liveKeyOf(m);
    expectStatus(await m.call(contract.revokeApiKey, { params: { key_id: live.keyId } }), 404);
    await live.ok(contract.listCheckouts);
    expect(live.apiKey).toMatch(/^sk_live_/);
  });
});
