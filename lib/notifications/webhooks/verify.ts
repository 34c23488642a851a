import crypto from 'node:crypto';

/**
 * Webhook signatures: how the service signs, and how it checks its own (tests, the dashboard). A
 * merchant's server verifies with the client package's `parseWebhook` (lib/surfaces/client), a copy
 * of this rule held to it by tests/unit/client-webhook-signature.test.ts, or with Stripe's or Standard
 * Webhooks' libraries.
 *
 * Every delivery is signed twice, under the same secret:
 *
 * - `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, the scheme
 *   Stripe uses for its own webhooks (its libraries' `constructEvent` verifies ours); the key is the
 *   whole secret string, `whsec_` included;
 * - `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256(key,
 *   "<id>.<timestamp>.<raw body>")>`, as the Standard Webhooks specification says (its `standardwebhooks`
 *   libraries verify ours); the key is the secret's part after `whsec_`, base64-decoded.
 *
 * One signature per signing secret (two while a secret is being rotated). Verify the raw bytes as
 * received, before any JSON parsing.
 */

/** The hex HMAC-SHA256 of `<timestamp>.<body>` under `secret`. */
export function computeWebhookSignature(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  const hmac = crypto.createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return hmac.digest('hex');
}

/**
 * The Standard Webhooks key: the bytes the secret's part after `whsec_` encodes. Secrets made since
 * 2026-12 are standard base64, as that specification's libraries expect; older ones are base64url,
 * which Node decodes the same way (docs/decisions/webhooks.md says how to convert or rotate one).
 */
export function standardWebhookKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** The base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` under the Standard Webhooks key of `secret`. */
export function computeStandardSignature(
  secret: string,
  id: string,
  timestamp: number,
  rawBody: string | Uint8Array,
): string {
  const hmac = crypto.createHmac('sha256', standardWebhookKey(secret));
  hmac.update(`${id}.${timestamp}.`);
  hmac.update(rawBody);
  return hmac.digest('base64');
}

/** Parses `t=…,v1=…[,v1=…]`; null when malformed. Unknown schemes (a future `v2`) are ignored. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return null;
      signatures.push(value);
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * True when `header` carries a valid signature of `rawBody` under `secret`, made within
 * `toleranceSeconds` of now (either way: stale and future timestamps both fail). Constant-time.
 * `nowSeconds` is for tests.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (typeof header !== 'string' || !secret) return false;
  const parsed = parseSignatureHeader(header);
  // NaN would pass every comparison: a tolerance that is not a number is a mistake, not "no limit".
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0)
    throw new RangeError(`toleranceSeconds must be a number of seconds (got ${toleranceSeconds})`);
  if (!parsed || Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(computeWebhookSignature(secret, parsed.timestamp, rawBody), 'hex');
  return parsed.signatures.some((s) => crypto.timingSafeEqual(Buffer.from(s, 'hex'), expected));
}
