import { randomBytes } from 'node:crypto';
import type { ErrorCode } from '../../lib/platform/http/error-codes';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { admin, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { TIMESTAMP, UUID } from '../support/shapes';
import { resetConfigForTests } from '../../lib/platform/config';
import { verifyCheckoutToken } from '../../lib/checkout/token';
import { getDb } from '../../lib/platform/db/client';
import { authenticateEmbed, startEmbedCheckout } from '../../lib/checkout/embed/button';
import { caller, expectErrorShape, expectStatus, invalidFields, type BodyOf, type DataOf } from '../support/caller';
import { contract } from '../support/contract';

/**
 * The checkout button (docs/checkout-button.md): the merchant's embed sessions, and the public calls
 * of the button's script, which are bound to the session's token, its allowed origins and its amounts.
 */
const ORIGIN = 'https://shop.example';
const TOKEN = /^pk_embed_[A-Za-z0-9_-]{43}$/;

// Every call of this file comes from the same (unknown) address: keep the per-address limits out of
// the way, except where a test lowers them on purpose.
const LIMIT_VARIABLES = [
  'EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_IP_READ_LIMIT_PER_MINUTE',
  'EMBED_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_READ_LIMIT_PER_MINUTE',
];
const setLimits = (limits: Record<string, string>) => {
  for (const name of LIMIT_VARIABLES) process.env[name] = limits[name] ?? '100000';
  resetConfigForTests();
};
setLimits({});
afterEach(() => setLimits({}));

const sql = testSql();
let m: Merchant;

type SessionBody = BodyOf<typeof contract.createEmbedSession>;
const definition = (extra: Partial<SessionBody> = {}) =>
  ({
    amount: 125.5,
    currency_code: 'GHS',
    description: 'Library fund donation',
    allowed_origins: [ORIGIN],
    meta_data: { campaign: 'library-2026' },
    ...extra,
  }) satisfies SessionBody;

async function newSession(merchant: Merchant = m, extra: Partial<SessionBody> = {}) {
  const res = await merchant.call(contract.createEmbedSession, { body: definition(extra) });
  expectStatus(res, 200);
  return res.body.data;
}

/** The button's script, as a browser on `origin` would call (null: no Origin header at all). */
const embed = (token: string, origin: string | null = ORIGIN, extra: Record<string, string> = {}) =>
  caller({ 'x-embed-token': token, ...(origin === null ? {} : { origin }), ...extra });

const checkoutsOfSession = async (sessionId: string) =>
  sql`select c.* from checkouts c join embed_session_checkouts l on l.checkout_id = c.id where l.embed_session_id = ${sessionId}`;

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
    const mine = [await newSession(), await newSession(), await newSession()];
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
    const s = await newSession();
    expect((await reader.call(contract.getEmbedSession, { params: { embed_session_id: s.id } })).status).toBe(200);
    expect((await reader.call(contract.disableEmbedSession, { params: { embed_session_id: s.id } })).status).toBe(403);
    expect((await caller().call(contract.listEmbedSessions)).status).toBe(401);
    // The public token is no merchant credential.
    expect((await caller().call(contract.listEmbedSessions, { headers: { 'x-api-key': s.public_token } })).status).toBe(
      401,
    );
  });

  it('disables a session for good: its button answers 410, twice is a 409', async () => {
    const s = await newSession();
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

describe('public: the button', () => {
  it('shows the amounts, label, fields and branding, to an allowed origin only (CORS)', async () => {
    const branded = await newMerchant({ name: 'Ama Crafts' });
    await branded.call(contract.updateBranding, {
      body: { display_name: 'Ama Crafts Shop', primary_color: '#FFD500' },
    });
    const s = await newSession(branded, {
      amount: undefined,
      amounts: [50, 125.5],
      button_label: 'Buy',
      collect_customer_phone: true,
      allowed_origins: [ORIGIN, 'http://localhost:3000'],
    });
    const res = await embed(s.public_token, 'http://localhost:3000').call(contract.getEmbedButton);
    expectStatus(res, 200);
    expect(res.body.data).toEqual({
      amounts: [50, 125.5],
      currency_code: 'GHS',
      description: 'Library fund donation',
      button_label: 'Buy',
      collect_customer_name: false,
      collect_customer_phone: true,
      merchant: { display_name: 'Ama Crafts Shop', logo_url: null, primary_color: '#FFD500', text_color: '#111111' },
      expires_at: null,
    });
    expect(res.text).not.toContain('library-2026'); // the merchant's meta_data stays private
    expect(res.text).not.toContain(branded.id);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('vary')).toContain('Origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers the CORS preflight', async () => {
    const res = await caller().raw('OPTIONS', '/api/embed/v1/checkouts', {
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-embed-token',
      },
    });
    expectStatus(res, 204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-embed-token');
    expect(res.headers.get('access-control-allow-headers')).toContain('content-type');
    expect(res.headers.get('vary')).toContain('Origin');
    expect((await caller().raw('OPTIONS', '/api/embed/v1/session', { headers: { origin: ORIGIN } })).status).toBe(204);
    // No credentials ever: the header that would allow them is never sent.
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses other origins, and calls without an Origin, with 403 origin_not_allowed', async () => {
    const s = await newSession(m, { allowed_origins: [ORIGIN, 'http://localhost:3000'] });
    for (const origin of [
      null,
      'https://evil.example',
      'https://shop.example.evil.example',
      'http://shop.example',
      'https://shop.example:8443',
      'https://sub.shop.example',
      'http://localhost:3001',
      'http://127.0.0.1:3000',
      'null',
      `${ORIGIN}/`,
    ]) {
      for (const attempt of [
        () => embed(s.public_token, origin).call(contract.getEmbedButton),
        () =>
          embed(s.public_token, origin).call(contract.createEmbedCheckout, {
            body: {
              amount: 125.5,
              customer_email: 'ama@example.com',
            },
          }),
      ]) {
        const res = await attempt();
        expect(res.status, `${origin}: ${res.text}`).toBe(403);
        expectErrorShape(res.body, 'origin_not_allowed');
      }
    }
    expect(await checkoutsOfSession(s.id)).toHaveLength(0);
  });

  it('refuses missing, malformed and unknown tokens with 401', async () => {
    const cases: [Record<string, string>, ErrorCode][] = [
      [{ origin: ORIGIN }, 'missing_embed_token'],
      [{ origin: ORIGIN, 'x-embed-token': 'pk_embed_short' }, 'invalid_embed_token'],
      [{ origin: ORIGIN, 'x-embed-token': `pk_embed_${'A'.repeat(43)}` }, 'invalid_embed_token'],
      [{ origin: ORIGIN, 'x-embed-token': m.apiKey }, 'invalid_embed_token'],
    ];
    for (const [headers, code] of cases) {
      const res = await caller().call(contract.getEmbedButton, { headers });
      expectStatus(res, 401);
      expectErrorShape(res.body, code);
    }
  });

  it('answers 410 once the session has expired', async () => {
    const s = await newSession(m, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await sql`update embed_sessions set expires_at = now() - interval '1 second' where id = ${s.id}`;
    const res = await embed(s.public_token).call(contract.createEmbedCheckout, {
      body: {
        amount: 125.5,
        customer_email: 'ama@example.com',
      },
    });
    expectStatus(res, 410);
    expectErrorShape(res.body, 'embed_session_expired');
    expect((await embed(s.public_token).call(contract.getEmbedButton)).status).toBe(410);
    expect((await m.ok(contract.getEmbedSession, { params: { embed_session_id: s.id } })).body.data.status).toBe(
      'expired',
    );
    // An expired session can still be disabled for good.
    expect((await m.ok(contract.disableEmbedSession, { params: { embed_session_id: s.id } })).body.data.status).toBe(
      'disabled',
    );
  });
});

describe('public: starting a checkout', () => {
  it('creates a checkout like the merchant API would, tied to the session', async () => {
    const s = await newSession();
    const res = await embed(s.public_token).call(contract.createEmbedCheckout, {
      body: {
        amount: 125.5,
        customer_email: 'ama@example.com',
      },
    });
    expectStatus(res, 200);
    expect(res.body.message).toBe('Checkout created');
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual([
      'amount',
      'checkout_id',
      'checkout_url',
      'currency_code',
      'expires_at',
      'payment_reference',
    ]);
    expect(data).toMatchObject({ amount: 125.5, currency_code: 'GHS' });
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    const url = new URL(data.checkout_url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://pay.payments.test/pay/${data.payment_reference}`);
    const claims = await verifyCheckoutToken(url.hash.replace('#token=', ''));
    expect(claims?.checkoutId).toBe(data.checkout_id);

    const checkout = (await m.ok(contract.getCheckout, { params: { checkout_id: data.checkout_id } })).body.data;
    expect(checkout).toMatchObject({
      status: 'pending',
      amount: 125.5,
      currency_code: 'GHS',
      customer_email: 'ama@example.com',
      customer_name: null,
      description: 'Library fund donation',
      expires_at: data.expires_at,
    });
    const listed = (await m.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data.find(
      (c) => c.id === data.checkout_id,
    );
    expect(listed!.meta_data).toEqual({ campaign: 'library-2026', embed_session_id: s.id });

    const [event] =
      await sql`select event_type, data from events where resource_id = ${data.checkout_id} order by sequence`;
    expect(event).toMatchObject({ event_type: 'checkout.created' });
    expect(event!.data).toMatchObject({
      amount: 125.5,
      meta_data: { campaign: 'library-2026', embed_session_id: s.id },
    });
    const jobs =
      await sql`select key from graphile_worker._private_jobs where key = ${`expire_checkout:${data.checkout_id}`}`;
    expect(jobs).toHaveLength(1);

    expect(
      (await m.ok(contract.getEmbedSession, { params: { embed_session_id: s.id } })).body.data.checkouts_created,
    ).toBe(1);
  });

  it('never takes an amount the merchant did not allow, nor anything but the amount and the customer', async () => {
    const single = await newSession();
    const several = await newSession(m, { amount: undefined, amounts: [50, 125.5] });
    const base = { customer_email: 'ama@example.com' };
    const tampering: [DataOf<typeof contract.createEmbedSession>, Record<string, unknown>, string[]][] = [
      [single, { ...base, amount: 1 }, ['amount']],
      [single, { ...base, amount: 125.49 }, ['amount']],
      [single, { ...base, amount: 1255 }, ['amount']],
      [single, { ...base, amount: 125.501 }, ['amount']],
      [single, { ...base, amount: -125.5 }, ['amount']],
      [single, { ...base, amount: '125.50' }, ['amount']],
      [single, { ...base }, ['amount']],
      [single, { ...base, amount: 125.5, currency_code: 'USD' }, ['currency_code']],
      [single, { ...base, amount: 125.5, description: 'cheaper' }, ['description']],
      [single, { ...base, amount: 125.5, meta_data: { embed_session_id: 'x' } }, ['meta_data']],
      [single, { ...base, amount: 125.5, expires_in_minutes: 10080 }, ['expires_in_minutes']],
      [single, { ...base, amount: 125.5, customer_name: 'Ama' }, ['customer_name']],
      [single, { amount: 125.5, customer_email: 'not-an-email' }, ['customer_email']],
      [several, { ...base, amount: 75 }, ['amount']],
      [several, { ...base, amount: [50] }, ['amount']],
    ];
    for (const [s, body, fields] of tampering) {
      expect(
        invalidFields(await embed(s.public_token).send(contract.createEmbedCheckout, { body })),
        JSON.stringify(body),
      ).toEqual(fields);
    }
    for (const s of [single, several]) expect(await checkoutsOfSession(s.id)).toHaveLength(0);

    for (const amount of [50, 125.5]) {
      const ok = await embed(several.public_token).call(contract.createEmbedCheckout, { body: { ...base, amount } });
      expectStatus(ok, 200);
      expect(ok.body.data.amount).toBe(amount);
    }
    const created = await checkoutsOfSession(several.id);
    expect(created.map((c) => c.amount).sort()).toEqual(['12550', '5000']);
    expect(created.every((c) => c.currency_code === 'GHS' && c.merchant_id === m.id)).toBe(true);
  });

  it('requires the fields the button collects, and passes them on', async () => {
    const s = await newSession(m, { collect_customer_name: true, collect_customer_phone: true });
    expect(
      invalidFields(
        await embed(s.public_token).call(contract.createEmbedCheckout, {
          body: {
            amount: 125.5,
            customer_email: 'ama@example.com',
          },
        }),
      ),
    ).toEqual(['customer_name', 'customer_phone']);
    const ok = await embed(s.public_token).call(contract.createEmbedCheckout, {
      body: {
        amount: 125.5,
        customer_email: 'ama@example.com',
        customer_name: 'Ama Mensah',
        customer_phone: '+233 24 412 3456',
      },
    });
    expectStatus(ok, 200);
    const checkout = (await m.ok(contract.getCheckout, { params: { checkout_id: ok.body.data.checkout_id } })).body
      .data;
    expect(checkout).toMatchObject({ customer_name: 'Ama Mensah', customer_phone: '+233244123456' });
  });

  it('refuses malformed bodies like every write', async () => {
    const s = await newSession();
    const malformed = await caller().send(contract.createEmbedCheckout, {
      body: '{"amount":',
      headers: { 'x-embed-token': s.public_token, origin: ORIGIN, 'content-type': 'application/json' },
    });
    expectStatus(malformed, 400);
    const text = await caller().send(contract.createEmbedCheckout, {
      body: 'amount=1',
      headers: { 'x-embed-token': s.public_token, origin: ORIGIN, 'content-type': 'text/plain' },
    });
    expectStatus(text, 415);
    expect(invalidFields(await embed(s.public_token).send(contract.getEmbedButton, { query: 'amount=1' }))).toEqual([
      'amount',
    ]);
  });

  it('creates no checkout once the session is disabled, even for a click already past the token check', async () => {
    const s = await newSession();
    // A click authenticated just before the merchant disables the button (the requests overlap).
    const caller = await authenticateEmbed(getDb(), s.public_token, ORIGIN);
    expect((await m.call(contract.disableEmbedSession, { params: { embed_session_id: s.id } })).status).toBe(200);
    const late = await startEmbedCheckout(getDb(), caller, { amount: 125.5, customer_email: 'ama@example.com' }).catch(
      (e: unknown) => e,
    );
    expect(late).toMatchObject({ status: 410, code: 'embed_session_disabled' });
    expect(await checkoutsOfSession(s.id)).toHaveLength(0);
  });

  it('stops when the merchant can no longer accept payments', async () => {
    const later = await newMerchant();
    const s = await newSession(later);
    const patched = await admin().call(contract.updateMerchant, {
      params: { merchant_id: later.id },
      body: { kyb_status: 'rejected' },
    });
    expectStatus(patched, 200);
    const res = await embed(s.public_token).call(contract.createEmbedCheckout, {
      body: {
        amount: 125.5,
        customer_email: 'ama@example.com',
      },
    });
    expectStatus(res, 403);
    expectErrorShape(res.body, 'merchant_rejected');
  });
});

describe('public: rate limits', () => {
  /** Calls until a 429 (at most twice the limit and one: a fixed window may roll over once). */
  async function untilLimited(limit: number, send: () => Promise<{ status: number; headers: Headers; body: unknown }>) {
    let passed = 0;
    for (let i = 0; i <= 2 * limit + 1; i++) {
      const res = await send();
      if (res.status === 429) {
        expectErrorShape(res.body, 'rate_limited');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
        return passed;
      }
      expect(res.status).toBe(200);
      passed++;
    }
    throw new Error('never rate limited');
  }

  it('limits checkouts per session', async () => {
    setLimits({ EMBED_CHECKOUT_LIMIT_PER_MINUTE: '3' });
    const s = await newSession();
    const body = { amount: 125.5, customer_email: 'ama@example.com' };
    const passed = await untilLimited(3, () => embed(s.public_token).call(contract.createEmbedCheckout, { body }));
    expect(passed).toBeGreaterThanOrEqual(3);
    // Another session of the same merchant is not held back.
    const other = await newSession();
    expect((await embed(other.public_token).call(contract.createEmbedCheckout, { body })).status).toBe(200);
  });

  it('limits checkouts and button loads per client address, before looking at the token', async () => {
    setLimits({ EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE: '2', EMBED_IP_READ_LIMIT_PER_MINUTE: '4' });
    const s = await newSession();
    const from = (address: string) => embed(s.public_token, ORIGIN, { 'x-forwarded-for': address });
    const body = { amount: 125.5, customer_email: 'ama@example.com' };
    expect(
      await untilLimited(2, () => from('203.0.113.7').call(contract.createEmbedCheckout, { body })),
    ).toBeGreaterThanOrEqual(2);
    expect(await untilLimited(4, () => from('203.0.113.8').call(contract.getEmbedButton))).toBeGreaterThanOrEqual(4);
    // Junk tokens from a limited address are limited too.
    const junk = await caller().call(contract.getEmbedButton, {
      headers: { 'x-forwarded-for': '203.0.113.8', 'x-embed-token': 'junk', origin: ORIGIN },
    });
    expectStatus(junk, 429);
    expect((await from('203.0.113.9').call(contract.createEmbedCheckout, { body })).status).toBe(200);
  });

  it('counts an address of any length without failing (a spoofed X-Forwarded-For is no 500)', async () => {
    const s = await newSession();
    // Random, so PostgreSQL cannot compress it below its index entry limit (2704 bytes).
    const junk = randomBytes(2250).toString('base64url');
    for (const address of [junk, `${junk}, 198.51.100.1`]) {
      const read = await embed(s.public_token, ORIGIN, { 'x-forwarded-for': address }).call(contract.getEmbedButton);
      expectStatus(read, 200);
    }
    const write = await embed(s.public_token, ORIGIN, { 'x-real-ip': junk }).call(contract.createEmbedCheckout, {
      body: {
        amount: 125.5,
        customer_email: 'ama@example.com',
      },
    });
    expectStatus(write, 200);
  });
});
