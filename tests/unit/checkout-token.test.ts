import crypto from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../lib/platform/config';
import {
  CHECKOUT_TOKEN_AUDIENCE,
  TOKEN_READ_SECONDS,
  signCheckoutToken,
  verifyCheckoutToken,
} from '../../lib/checkout/token';
import { newPaymentReference } from '../../lib/checkout/reference';

const SECRET = 'unit-test-checkout-secret-0123456789abcdef';
const OLD_SECRET = 'unit-test-old-checkout-secret-0123456789abc';
const saved = { ...process.env };

function setEnv(extra: Record<string, string | undefined> = {}) {
  Object.assign(process.env, {
    DATABASE_URL: 'postgres://localhost:5432/unit',
    ADMIN_API_TOKEN: 'unit-test-admin-token-0123456789abcdefghij',
    CHECKOUT_TOKEN_SECRET: SECRET,
    AUTH_SECRET: 'unit-test-auth-secret-0123456789abcdefghij',
  });
  delete process.env.CHECKOUT_TOKEN_PREVIOUS_SECRETS;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

beforeEach(() => setEnv());
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetConfigForTests();
});

const encode = (s: string) => new TextEncoder().encode(s);
const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function checkout(overrides: Partial<{ id: string; paymentReference: string; createdAt: Date; expiresAt: Date }> = {}) {
  const createdAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  return {
    id: crypto.randomUUID(),
    paymentReference: newPaymentReference(),
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 60 * 60_000),
    ...overrides,
  };
}

/** A token signed like the service would, but with any claim or header changed. */
async function forge(
  secret: string,
  c: ReturnType<typeof checkout>,
  opts: {
    aud?: string;
    iss?: string;
    exp?: number;
    alg?: string;
    kid?: string;
    ref?: unknown;
    sub?: string | null;
  } = {},
) {
  const jwt = new SignJWT(opts.ref === undefined ? { ref: c.paymentReference } : { ref: opts.ref })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT', ...(opts.kid ? { kid: opts.kid } : {}) })
    .setIssuer(opts.iss ?? 'merchant-payments')
    .setAudience(opts.aud ?? CHECKOUT_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600);
  if (opts.sub !== null) jwt.setSubject(opts.sub ?? c.id);
  return jwt.sign(encode(secret));
}

describe('signCheckoutToken / verifyCheckoutToken', () => {
  it('round trips the checkout id and payment reference', async () => {
    const c = checkout();
    const token = signCheckoutToken(c);
    expect(token.split('.')).toHaveLength(3);
    expect(await verifyCheckoutToken(token)).toEqual({ checkoutId: c.id, paymentReference: c.paymentReference });
  });

  it('carries the documented claims and header', async () => {
    const c = checkout();
    const token = signCheckoutToken(c);
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('HS256');
    expect(header.kid).toBe(crypto.createHash('sha256').update(SECRET).digest('hex').slice(0, 8));
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: c.id,
      aud: 'checkout',
      ref: c.paymentReference,
      iat: c.createdAt.getTime() / 1000,
      exp: c.expiresAt.getTime() / 1000 + TOKEN_READ_SECONDS,
    });
  });

  it('is, byte for byte, the token jose writes for the same claims (signed by node:crypto for speed)', async () => {
    const c = checkout({ createdAt: new Date('2026-11-25T04:05:06.789Z') });
    const kid = crypto.createHash('sha256').update(SECRET).digest('hex').slice(0, 8);
    const byJose = await new SignJWT({ ref: c.paymentReference })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .setIssuer('merchant-payments')
      .setAudience(CHECKOUT_TOKEN_AUDIENCE)
      .setSubject(c.id)
      .setIssuedAt(Math.floor(c.createdAt.getTime() / 1000))
      .setExpirationTime(Math.floor(c.expiresAt.getTime() / 1000) + TOKEN_READ_SECONDS)
      .sign(encode(SECRET));
    expect(signCheckoutToken(c)).toBe(byJose);
  });

  it('is deterministic: the same checkout always gives the same token', async () => {
    const c = checkout();
    const a = signCheckoutToken(c);
    const b = signCheckoutToken({ ...c });
    expect(a).toBe(b);
    expect(signCheckoutToken({ ...c, id: crypto.randomUUID() })).not.toBe(a);
  });

  it('refuses a token whose payload was changed', async () => {
    const c = checkout();
    const [header, , signature] = signCheckoutToken(c).split('.');
    const claims = decodeJwt(signCheckoutToken(c));
    const otherPayload = b64url({ ...claims, sub: crypto.randomUUID() });
    expect(await verifyCheckoutToken(`${header}.${otherPayload}.${signature}`)).toBeNull();
    const otherRef = b64url({ ...claims, ref: newPaymentReference() });
    expect(await verifyCheckoutToken(`${header}.${otherRef}.${signature}`)).toBeNull();
  });

  it('refuses a token whose signature was changed', async () => {
    const token = signCheckoutToken(checkout());
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(await verifyCheckoutToken(`${h}.${p}.${flipped}`)).toBeNull();
    expect(await verifyCheckoutToken(`${h}.${p}.`)).toBeNull();
    expect(await verifyCheckoutToken(`${h}.${p}`)).toBeNull();
    const sig = Buffer.from(s, 'base64url');
    sig[sig.length - 1]! ^= 1;
    expect(await verifyCheckoutToken(`${h}.${p}.${sig.toString('base64url')}`)).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const c = checkout();
    expect(await verifyCheckoutToken(await forge('some-other-secret-that-is-long-enough-000', c))).toBeNull();
  });

  it('refuses a wrong audience or issuer', async () => {
    const c = checkout();
    expect(await verifyCheckoutToken(await forge(SECRET, c))).toEqual({
      checkoutId: c.id,
      paymentReference: c.paymentReference,
    });
    expect(await verifyCheckoutToken(await forge(SECRET, c, { aud: 'merchant-api' }))).toBeNull();
    expect(await verifyCheckoutToken(await forge(SECRET, c, { iss: 'someone-else' }))).toBeNull();
  });

  it('refuses a token 30 days after its checkout expired', async () => {
    const c = checkout({
      createdAt: new Date(Date.now() - 40 * 24 * 3600_000),
      expiresAt: new Date(Date.now() - TOKEN_READ_SECONDS * 1000 - 120_000),
    });
    expect(await verifyCheckoutToken(signCheckoutToken(c))).toBeNull();
    expect(await verifyCheckoutToken(await forge(SECRET, c, { exp: Math.floor(Date.now() / 1000) - 120 }))).toBeNull();
  });

  it('still accepts a token within the grace hour after the checkout expired', async () => {
    const c = checkout({
      createdAt: new Date(Date.now() - 2 * 3600_000),
      expiresAt: new Date(Date.now() - 30 * 60_000),
    });
    expect(await verifyCheckoutToken(signCheckoutToken(c))).toEqual({
      checkoutId: c.id,
      paymentReference: c.paymentReference,
    });
  });

  it('refuses alg none', async () => {
    const c = checkout();
    const unsecured = new UnsecuredJWT({ ref: c.paymentReference })
      .setIssuer('merchant-payments')
      .setAudience('checkout')
      .setSubject(c.id)
      .setExpirationTime('1h')
      .encode();
    expect(await verifyCheckoutToken(unsecured)).toBeNull();
    // alg none with the valid signature kept is refused too.
    const [, p, s] = signCheckoutToken(c).split('.');
    expect(await verifyCheckoutToken(`${b64url({ alg: 'none', typ: 'JWT' })}.${p}.${s}`)).toBeNull();
    expect(await verifyCheckoutToken(`${b64url({ alg: 'none', typ: 'JWT' })}.${p}.`)).toBeNull();
  });

  it('refuses other HMAC algorithms (the algorithm is pinned)', async () => {
    const c = checkout();
    expect(await verifyCheckoutToken(await forge(SECRET, c, { alg: 'HS512' }))).toBeNull();
  });

  it('refuses a token lacking sub or with a non-string ref', async () => {
    const c = checkout();
    expect(await verifyCheckoutToken(await forge(SECRET, c, { sub: null }))).toBeNull();
    expect(await verifyCheckoutToken(await forge(SECRET, c, { ref: 42 }))).toBeNull();
  });

  it.each(['', 'garbage', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9..'])('refuses %j', async (token) => {
    expect(await verifyCheckoutToken(token)).toBeNull();
  });

  it('accepts a token signed with a secret listed in CHECKOUT_TOKEN_PREVIOUS_SECRETS', async () => {
    setEnv({ CHECKOUT_TOKEN_SECRET: OLD_SECRET });
    const c = checkout();
    const oldToken = signCheckoutToken(c);

    setEnv();
    expect(await verifyCheckoutToken(oldToken)).toBeNull();

    setEnv({ CHECKOUT_TOKEN_PREVIOUS_SECRETS: `another-retired-secret-0123456789abcdef, ${OLD_SECRET}` });
    expect(await verifyCheckoutToken(oldToken)).toEqual({ checkoutId: c.id, paymentReference: c.paymentReference });
    // New tokens are signed with the current secret and verify too.
    const newToken = signCheckoutToken(c);
    expect(newToken).not.toBe(oldToken);
    expect(decodeProtectedHeader(newToken).kid).not.toBe(decodeProtectedHeader(oldToken).kid);
    expect(await verifyCheckoutToken(newToken)).toEqual({ checkoutId: c.id, paymentReference: c.paymentReference });
  });

  it('refuses a token whose kid does not match the secret that verifies it', async () => {
    const c = checkout();
    expect(await verifyCheckoutToken(await forge(SECRET, c, { kid: 'deadbeef' }))).toBeNull();
  });
});

describe('newPaymentReference', () => {
  it('is PAY- and 16 Crockford base32 characters', () => {
    for (let i = 0; i < 500; i++) {
      const ref = newPaymentReference();
      expect(ref).toMatch(/^PAY-[0-9A-HJKMNP-TV-Z]{16}$/);
      expect(ref.slice(4)).not.toMatch(/[ILOU]/);
    }
  });

  it('is unique across many references', () => {
    const refs = Array.from({ length: 10_000 }, () => newPaymentReference());
    expect(new Set(refs).size).toBe(refs.length);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) for (const c of newPaymentReference().slice(4)) seen.add(c);
    expect(seen.size).toBe(32);
  });
});
