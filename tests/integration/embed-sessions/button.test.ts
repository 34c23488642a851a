import { randomBytes } from 'node:crypto';
import type { ErrorCode } from '../../../lib/platform/http/error-codes';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newMerchant, type Merchant } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { ORIGIN, setLimits, sql, embed, checkoutsOfSession, newSession } from './helpers';

let m: Merchant;

afterEach(() => setLimits({}));

beforeAll(async () => {
  m = await newMerchant({ name: 'Kofi Books' });
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
    const s = await newSession(m);
    const body = { amount: 125.5, customer_email: 'ama@example.com' };
    const passed = await untilLimited(3, () => embed(s.public_token).call(contract.createEmbedCheckout, { body }));
    expect(passed).toBeGreaterThanOrEqual(3);
    // Another session of the same merchant is not held back.
    const other = await newSession(m);
    expect((await embed(other.public_token).call(contract.createEmbedCheckout, { body })).status).toBe(200);
  });

  it('limits checkouts and button loads per client address, before looking at the token', async () => {
    setLimits({ EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE: '2', EMBED_IP_READ_LIMIT_PER_MINUTE: '4' });
    const s = await newSession(m);
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
    const s = await newSession(m);
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
