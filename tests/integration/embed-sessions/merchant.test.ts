import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newMerchant, type Merchant } from '../../support/fixtures';
import { TIMESTAMP, UUID } from '../../support/shapes';
import { caller, expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { ORIGIN, TOKEN, setLimits, sql, definition, embed, checkoutsOfSession, newSession } from './helpers';

let m: Merchant;

afterEach(() => setLimits({}));

beforeAll(async () => {
  m = await newMerchant({ name: 'Kofi Books' });
});

describe('merchant: embed sessions', () => {
  it('creates a session with its public token and snippet', async () => {
    const res = await m.call(contract.createEmbedSession, {
      body: definition({ button_label: 'Donate', collect_customer_name: true }),
    });
    expectStatus(res, 200);
    expect(res.body.message).toBe('Embed session created');
    const s = res.body.data;
    expect(s).toMatchObject({
      merchant_id: m.id,
      status: 'active',
      amount: 125.5,
      amounts: null,
      currency_code: 'GHS',
      description: 'Library fund donation',
      button_label: 'Donate',
      collect_customer_name: true,
      collect_customer_phone: false,
      meta_data: { campaign: 'library-2026' },
      allowed_origins: [ORIGIN],
      expires_at: null,
      disabled_at: null,
      checkouts_created: 0,
      script_url: 'http://api.payments.test/embed/v1/button.js',
    });
    expect(s.id).toMatch(UUID);
    expect(s.public_token).toMatch(TOKEN);
    expect(s.created_at).toMatch(TIMESTAMP);
    expect(s.snippet).toBe(
      `<div id="pay-button-${s.id.slice(0, 8)}"></div>\n` +
        `<script src="http://api.payments.test/embed/v1/button.js" data-session="${s.public_token}" data-container="pay-button-${s.id.slice(0, 8)}" async></script>`,
    );
    const [row] = await sql`select amount, amounts, public_token from embed_sessions where id = ${s.id}`;
    expect(row).toMatchObject({ amount: '12550', amounts: null, public_token: s.public_token });
  });

  it('keeps a set of amounts exactly, in order, and an expiry', async () => {
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const s = await newSession(m, { amount: undefined, amounts: [250, 50, 125.5, 0.01], expires_at: expires });
    expect(s.amount).toBeNull();
    expect(s.amounts).toEqual([250, 50, 125.5, 0.01]);
    expect(s.expires_at).toBe(expires.replace('Z', ''));
    const [row] = await sql`select amounts::text as amounts from embed_sessions where id = ${s.id}`;
    expect(row!.amounts).toBe('{25000,5000,12550,1}');
  });

  it('normalises origins as browsers send them, and accepts localhost over http in sandbox', async () => {
    const s = await newSession(m, {
      allowed_origins: [
        'HTTPS://Shop.Example:443/',
        'https://shop.example:8443',
        'http://localhost:3000',
        'http://127.0.0.1:8080',
      ],
    });
    expect(s.allowed_origins).toEqual([
      ORIGIN,
      'https://shop.example:8443',
      'http://localhost:3000',
      'http://127.0.0.1:8080',
    ]);
  });

  it('refuses invalid definitions with 422 naming each field', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ amounts: [10, 20] }, ['amounts']],
      [{ amount: undefined }, ['amount']],
      [{ amount: undefined, amounts: [] }, ['amounts']],
      [{ amount: undefined, amounts: [10, 10] }, ['amounts']],
      [{ amount: undefined, amounts: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, ['amounts']],
      [{ amount: undefined, amounts: [10, 0.001, -5] }, ['amounts.1', 'amounts.2']],
      [{ amount: 0 }, ['amount']],
      [{ amount: 12.345 }, ['amount']],
      [{ amount: '12.50' }, ['amount']],
      [{ currency_code: 'XYZ' }, ['currency_code']],
      [{ currency_code: 'GH' }, ['currency_code']],
      [{ allowed_origins: [] }, ['allowed_origins']],
      [{ allowed_origins: 'https://shop.example' }, ['allowed_origins']],
      [{ allowed_origins: ['https://shop.example/checkout'] }, ['allowed_origins.0']],
      [{ allowed_origins: ['https://*.shop.example'] }, ['allowed_origins.0']],
      [{ allowed_origins: ['shop.example'] }, ['allowed_origins.0']],
      [{ allowed_origins: ['ftp://shop.example'] }, ['allowed_origins.0']],
      [{ allowed_origins: ['https://shop.example?x=1'] }, ['allowed_origins.0']],
      [{ allowed_origins: ['https://user:pw@shop.example'] }, ['allowed_origins.0']],
      [{ allowed_origins: ['http://shop.example'] }, ['allowed_origins.0']],
      [{ allowed_origins: [ORIGIN, 'https://SHOP.example'] }, ['allowed_origins.1']],
      [{ allowed_origins: Array.from({ length: 11 }, (_, i) => `https://s${i}.example`) }, ['allowed_origins']],
      [{ meta_data: { embed_session_id: 'mine' } }, ['meta_data.embed_session_id']],
      [{ meta_data: { order: 5 } }, ['meta_data.order']],
      [{ meta_data: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v'])) }, ['meta_data']],
      [{ expires_at: new Date(Date.now() - 60_000).toISOString() }, ['expires_at']],
      [{ expires_at: 'tomorrow' }, ['expires_at']],
      [{ expires_at: new Date(Date.now() + 6 * 366 * 86_400_000).toISOString() }, ['expires_at']],
      [{ button_label: 'x'.repeat(41) }, ['button_label']],
      [{ collect_customer_phone: 'yes' }, ['collect_customer_phone']],
      [{ merchant_id: '00000000-0000-4000-8000-000000000000' }, ['merchant_id']],
      [{ public_token: 'pk_embed_mine' }, ['public_token']],
    ];
    for (const [extra, fields] of cases) {
      const res = await m.call(contract.createEmbedSession, { body: definition(extra) });
      expect(invalidFields(res), JSON.stringify(extra)).toEqual(fields);
    }
    expect(
      (await sql`select count(*)::int as n from embed_sessions where merchant_id = ${m.id} and description is null`)[0]!
        .n,
    ).toBe(0);
  });

  it("refuses a currency the merchant's KYB does not allow yet, and a rejected merchant", async () => {
    const unverified = await newMerchant({ kyb_status: 'unverified' });
    expect(
      invalidFields(await unverified.call(contract.createEmbedSession, { body: definition({ currency_code: 'USD' }) })),
    ).toEqual(['currency_code']);
    expect(
      (await unverified.call(contract.createEmbedSession, { body: definition({ currency_code: 'ghs' }) })).status,
    ).toBe(200);
    const rejected = await newMerchant({ kyb_status: 'rejected' });
    const res = await rejected.call(contract.createEmbedSession, { body: definition() });
    expectStatus(res, 403);
    expectErrorShape(res.body, 'merchant_rejected');
  });

  it('is idempotent with an Idempotency-Key', async () => {
    const key = crypto.randomUUID();
    const first = await m.ok(contract.createEmbedSession, {
      body: definition(),
      headers: { 'idempotency-key': key },
    });
    const again = await m.call(contract.createEmbedSession, {
      body: definition(),
      headers: { 'idempotency-key': key },
    });
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.public_token).toBe(first.body.data.public_token);
    const other = await m.call(contract.createEmbedSession, {
      body: definition({ amount: 99 }),
      headers: { 'idempotency-key': key },
    });
    expectStatus(other, 422);
    expect((await sql`select count(*)::int as n from embed_sessions where id = ${first.body.data.id}`)[0]!.n).toBe(1);
  });

  it("lists the merchant's sessions newest first with paging, and reads one", async () => {
    const other = await newMerchant();
    const foreign = await newSession(other);
    const mine = [await newSession(m), await newSession(m), await newSession(m)];
    const page = await m.call(contract.listEmbedSessions, { query: { size: 2 } });
    expectStatus(page, 200);
    expect(page.body.data.map((s) => s.id)).toEqual([mine[2]!.id, mine[1]!.id]);
    expect(page.body.pagination).toMatchObject({ page: 1, size: 2, has_more: true });
    const total = page.body.pagination.total;
    const all = await m.ok(contract.listEmbedSessions, { query: { size: 100 } });
    expect(all.body.data).toHaveLength(total);
    expect(all.body.data.every((s) => s.merchant_id === m.id)).toBe(true);
    expect(all.body.data.map((s) => s.id)).not.toContain(foreign.id);
    expect(invalidFields(await m.call(contract.listEmbedSessions, { query: { size: 101 } }))).toEqual(['size']);
    expect(invalidFields(await m.send(contract.listEmbedSessions, { query: 'status=active' }))).toEqual(['status']);

    const one = await m.call(contract.getEmbedSession, { params: { embed_session_id: mine[0]!.id } });
    expectStatus(one, 200);
    expect(one.body.data).toEqual({ ...mine[0], updated_at: one.body.data.updated_at });
    expect(
      (await m.call(contract.getEmbedSession, { params: { embed_session_id: '00000000-0000-4000-8000-000000000000' } }))
        .status,
    ).toBe(404);
    expect(
      invalidFields(await m.call(contract.getEmbedSession, { params: { embed_session_id: 'not-a-uuid' } })),
    ).toEqual(['embed_session_id']);
  });

  it('needs the checkout permission to write and checkout or read to read', async () => {
    const readOnly = await m.ok(contract.createApiKey, {
      body: {
        name: 'reader',
        scope: 'RESTRICTED',
        permissions: ['read'],
      },
    });
    const reader = caller({ 'x-api-key': readOnly.body.data.secret_key });
    const created = await reader.call(contract.createEmbedSession, { body: definition() });
    expectStatus(created, 403);
    expectErrorShape(created.body, 'insufficient_permissions');
    expect((await reader.call(contract.listEmbedSessions)).status).toBe(200);
    const s = await newSession(m);
    expect((await reader.call(contract.getEmbedSession, { params: { embed_session_id: s.id } })).status).toBe(200);
    expect((await reader.call(contract.disableEmbedSession, { params: { embed_session_id: s.id } })).status).toBe(403);
    expect((await caller().call(contract.listEmbedSessions)).status).toBe(401);
    // The public token is no merchant credential.
    expect((await caller().call(contract.listEmbedSessions, { headers: { 'x-api-key': s.public_token } })).status).toBe(
      401,
    );
  });

  it('disables a session for good: its button answers 410, twice is a 409', async () => {
    const s = await newSession(m);
    expect((await embed(s.public_token).call(contract.getEmbedButton)).status).toBe(200);
    const res = await m.call(contract.disableEmbedSession, { params: { embed_session_id: s.id } });
    expectStatus(res, 200);
    expect(res.body.data.status).toBe('disabled');
    expect(res.body.data.disabled_at).toMatch(TIMESTAMP);
    const again = await m.call(contract.disableEmbedSession, { params: { embed_session_id: s.id } });
    expectStatus(again, 409);
    expectErrorShape(again.body, 'embed_session_disabled');
    for (const attempt of [
      embed(s.public_token).call(contract.getEmbedButton),
      embed(s.public_token).call(contract.createEmbedCheckout, {
        body: { amount: 125.5, customer_email: 'ama@example.com' },
      }),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(410);
      expectErrorShape(refused.body, 'embed_session_disabled');
    }
    expect(await checkoutsOfSession(s.id)).toHaveLength(0);
  });
});
