import crypto from 'node:crypto';
import { jwtVerify, errors as joseErrors } from 'jose';
import { config } from '../platform/config';

/**
 * The hosted page's credential: an HS256 JWT carried in the checkout URL's fragment.
 * `sub` = checkout id, `aud` = "checkout", `ref` = payment reference. It reads its checkout for 30 days
 * after `expires_at`, so a customer opening an old link sees "this payment expired" (or the receipt)
 * with the merchant's contact rather than "not valid"; it writes (pays) only until an hour after
 * `expires_at` (lib/collections/hosted-page/authenticate.ts). `kid` is derived from the secret, so rotating
 * CHECKOUT_TOKEN_SECRET (with the old one in CHECKOUT_TOKEN_PREVIOUS_SECRETS) needs no other setting.
 */
export const CHECKOUT_TOKEN_AUDIENCE = 'checkout';
const ISSUER = 'merchant-payments';
/** Writes: a payment started just before expiry may still be resent or claimed for this long after it. */
export const TOKEN_GRACE_SECONDS = 3600;
/** Reads: how long after expiry the link still shows the outcome. */
export const TOKEN_READ_SECONDS = 30 * 24 * 3600;

const kids = new Map<string, string>();
const kidOf = (secret: string) => {
  let kid = kids.get(secret);
  if (!kid) kids.set(secret, (kid = crypto.createHash('sha256').update(secret).digest('hex').slice(0, 8)));
  return kid;
};

// A KeyObject per secret, made once: handing jose raw bytes would import the key on every verification.
const keys = new Map<string, crypto.KeyObject>();
function keyFor(secret: string): crypto.KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * A checkout's token is the same every time it is made (its claims are the checkout's, `iat` is its
 * creation), and every read of a checkout shows its URL: signing (about 150 µs with jose then) was the
 * costliest step of a read, and twenty of them of a listed page. So each is made once and remembered,
 * per secret; the first `TOKEN_CACHE_SIZE` tokens made are kept, then the oldest go.
 */
const TOKEN_CACHE_SIZE = 20_000;
const signed = new Map<string, string>();

export function signCheckoutToken(checkout: {
  id: string;
  paymentReference: string;
  createdAt: Date;
  expiresAt: Date;
}): string {
  const key = `${kidOf(config().CHECKOUT_TOKEN_SECRET)}:${checkout.id}:${checkout.paymentReference}:${checkout.createdAt.getTime()}:${checkout.expiresAt.getTime()}`;
  const known = signed.get(key);
  if (known) return known;
  const token = sign(checkout);
  if (signed.size >= TOKEN_CACHE_SIZE) signed.delete(signed.keys().next().value!);
  signed.set(key, token);
  return token;
}

/**
 * The token as jose's SignJWT writes it (same header and claims, in the same order: a test holds the
 * two to the same bytes), signed with node:crypto's HMAC. jose signs through WebCrypto, an
 * asynchronous job of about 190 µs on this machine against a few µs here: a third of the CPU a
 * checkout's creation spent in its own code (bench/README.md). Verification stays with jose.
 */
function sign(checkout: { id: string; paymentReference: string; createdAt: Date; expiresAt: Date }): string {
  const secret = config().CHECKOUT_TOKEN_SECRET;
  const header = { alg: 'HS256', typ: 'JWT', kid: kidOf(secret) };
  const claims = {
    ref: checkout.paymentReference,
    iss: ISSUER,
    aud: CHECKOUT_TOKEN_AUDIENCE,
    sub: checkout.id,
    // iat is the creation time, so reading the same checkout twice yields the same URL.
    iat: Math.floor(checkout.createdAt.getTime() / 1000),
    exp: Math.floor(checkout.expiresAt.getTime() / 1000) + TOKEN_READ_SECONDS,
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${crypto.createHmac('sha256', keyFor(secret)).update(input).digest('base64url')}`;
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export interface CheckoutTokenClaims {
  checkoutId: string;
  paymentReference: string;
}

/**
 * Tokens verified lately, with their claims and expiry, under the secrets they were checked against:
 * the hosted page sends the same token with every read and every poll. Only valid tokens are kept
 * (a stranger's guesses fill nothing); a kept token still stops working at its `exp`, and a secret
 * taken out of the configuration is no longer among the ones it is kept under.
 */
const verified = new Map<string, { claims: CheckoutTokenClaims; expiresAtMs: number }>();

/** Verifies with the algorithm pinned; returns null for anything tampered, expired or foreign. */
export async function verifyCheckoutToken(token: string): Promise<CheckoutTokenClaims | null> {
  const { CHECKOUT_TOKEN_SECRET, CHECKOUT_TOKEN_PREVIOUS_SECRETS } = config();
  const secrets = [CHECKOUT_TOKEN_SECRET, ...CHECKOUT_TOKEN_PREVIOUS_SECRETS];
  const cacheKey = `${secrets.map(kidOf).join(',')}:${token}`;
  const known = verified.get(cacheKey);
  if (known && known.expiresAtMs > Date.now()) return known.claims;
  if (known) verified.delete(cacheKey);
  const claims = await verifyWith(secrets, token);
  if (claims) {
    if (verified.size >= TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, claims);
  }
  return claims?.claims ?? null;
}

async function verifyWith(
  secrets: string[],
  token: string,
): Promise<{ claims: CheckoutTokenClaims; expiresAtMs: number } | null> {
  for (const secret of secrets) {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keyFor(secret), {
        algorithms: ['HS256'],
        audience: CHECKOUT_TOKEN_AUDIENCE,
        issuer: ISSUER,
      });
      if (protectedHeader.kid !== undefined && protectedHeader.kid !== kidOf(secret)) continue;
      if (typeof payload.sub !== 'string' || typeof payload.ref !== 'string') return null;
      return {
        claims: { checkoutId: payload.sub, paymentReference: payload.ref },
        expiresAtMs: typeof payload.exp === 'number' ? payload.exp * 1000 : Number.POSITIVE_INFINITY,
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) continue;
      throw error;
    }
  }
  return null;
}
