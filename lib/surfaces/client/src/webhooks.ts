import { createHmac, timingSafeEqual } from 'node:crypto';
import type { webhooks } from '../generated/openapi';
import { PaymentsApiError } from './errors';

/** A delivery's body, narrowed by `event_type`: `if (event.event_type === 'checkout.paid') event.data.meta_data`. */
export type WebhookEvent = {
  [T in keyof webhooks]: webhooks[T] extends { post: { requestBody: { content: { 'application/json': infer E } } } }
    ? E
    : never;
}[keyof webhooks];

/** The event types, for `events` when creating a webhook endpoint. */
export type WebhookEventType = WebhookEvent['event_type'];

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Parses `t=…,v1=…[,v1=…]`; null when malformed. Unknown schemes (a future `v2`) are ignored. */
function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
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
      if (!HEX_SHA256.test(value)) return null;
      signatures.push(value);
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * True when `X-Webhook-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
 * with the whole secret, `whsec_` included; two `v1` during a rotation) signs `rawBody` under `secret`,
 * made within `toleranceSeconds` of now, either way. Constant-time. `nowSeconds` is for tests.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | readonly string[] | null | undefined,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  // Node gives a header sent twice as an array: not one signature, so not verified.
  if (Array.isArray(header))
    return header.length === 1 && verifyWebhookSignature(rawBody, header[0], secret, toleranceSeconds, nowSeconds);
  if (typeof header !== 'string' || !secret) return false;
  const parsed = parseSignatureHeader(header);
  // NaN would pass every comparison: a tolerance that is not a number is a mistake, not "no limit".
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0)
    throw new RangeError(`toleranceSeconds must be a number of seconds (got ${toleranceSeconds})`);
  if (!parsed || Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`).update(rawBody).digest();
  return parsed.signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
}

/**
 * Verifies a delivery (`X-Webhook-Signature` over the raw body, within `toleranceSeconds`) and
 * returns its event; a bad signature is a PaymentsApiError `invalid_signature`. Pass the body
 * exactly as received (before any JSON parsing).
 */
export function parseWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | readonly string[] | null | undefined,
  secret: string,
  toleranceSeconds = 300,
): WebhookEvent {
  if (!verifyWebhookSignature(rawBody, signatureHeader, secret, toleranceSeconds)) {
    throw new PaymentsApiError(
      400,
      'invalid_signature',
      'The webhook signature does not match this secret (or is too old)',
      [],
      null,
      null,
    );
  }
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return JSON.parse(text) as WebhookEvent;
}
