import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import {
  computeStandardSignature,
  computeWebhookSignature,
  parseSignatureHeader,
  verifyWebhookSignature,
} from '../../lib/notifications/webhooks/verify';
import { signatureHeader, standardSignatureHeader } from '../../lib/notifications/webhooks/dispatcher';

/**
 * Signature vectors for `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The expected values are computed here with node:crypto, independently of lib/notifications/webhooks/verify.ts, and one
 * is pinned as a literal so a change of the scheme (key, separator, encoding) cannot pass unnoticed.
 */
const SECRET = 'whsec_test_secret_for_vectors_0123456789';
const OTHER_SECRET = 'whsec_another_secret_for_vectors_98765';
const OTHER_SECRET_B64 = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const T = 1767225600; // 2026-01-01T00:00:00Z
const BODY = '{"id":"evt_1","event_type":"checkout.paid"}';
/** HMAC-SHA256(SECRET, "1767225600." + BODY), pinned. */
const PINNED_V1 = '03355ba82fb9686a0657b2cefda4837ecc1436b8464f0804d1efe45bbf43c54f';

const hmac = (secret: string, t: number, body: string | Buffer) =>
  crypto
    .createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${t}.`), Buffer.from(body)]))
    .digest('hex');
const header = (t: number, ...v1: string[]) => [`t=${t}`, ...v1.map((s) => `v1=${s}`)].join(',');

describe('computing the signature', () => {
  it('a fixed secret, timestamp and body give a fixed v1 (pinned and recomputed with node:crypto)', () => {
    expect(hmac(SECRET, T, BODY)).toBe(PINNED_V1);
    expect(computeWebhookSignature(SECRET, T, BODY)).toBe(PINNED_V1);
    expect(computeWebhookSignature(SECRET, T, Buffer.from(BODY))).toBe(PINNED_V1);
    expect(signatureHeader([SECRET], T, BODY)).toBe(`t=${T},v1=${PINNED_V1}`);
    expect(verifyWebhookSignature(BODY, `t=${T},v1=${PINNED_V1}`, SECRET, 300, T)).toBe(true);
  });

  it('matches an independent HMAC for other bodies, including non-ASCII bytes and an empty body', () => {
    for (const body of ['', '{}', '{"name":"Ama Mensah","city":"Kumasi ₵ 🇬🇭"}', 'x'.repeat(10_000)]) {
      const expected = hmac(SECRET, T, body);
      expect(computeWebhookSignature(SECRET, T, body)).toBe(expected);
      expect(verifyWebhookSignature(body, header(T, expected), SECRET, 300, T)).toBe(true);
      expect(verifyWebhookSignature(Buffer.from(body), header(T, expected), SECRET, 300, T)).toBe(true);
    }
  });

  it('during a rotation the header carries one v1 per secret, in order', () => {
    expect(signatureHeader([SECRET, OTHER_SECRET], T, BODY)).toBe(
      header(T, hmac(SECRET, T, BODY), hmac(OTHER_SECRET, T, BODY)),
    );
  });
});

describe('verifyWebhookSignature', () => {
  const valid = header(T, PINNED_V1);

  it('accepts the exact body, secret and a timestamp within the tolerance either way', () => {
    expect(verifyWebhookSignature(BODY, valid, SECRET, 300, T)).toBe(true);
    expect(verifyWebhookSignature(BODY, valid, SECRET, 300, T + 300)).toBe(true);
    expect(verifyWebhookSignature(BODY, valid, SECRET, 300, T - 300)).toBe(true);
    // Default tolerance and clock: a header made now verifies.
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhookSignature(BODY, header(now, hmac(SECRET, now, BODY)), SECRET)).toBe(true);
  });

  it('a 1-byte change of the body fails', () => {
    const changed = [
      BODY.replace('evt_1', 'evt_2'),
      `${BODY} `,
      BODY.slice(0, -1),
      ` ${BODY}`,
      BODY.replace('"id"', '"Id"'),
    ];
    for (const body of changed) {
      expect(body).not.toBe(BODY);
      expect(verifyWebhookSignature(body, valid, SECRET, 300, T)).toBe(false);
    }
    const bytes = Buffer.from(BODY);
    bytes[5] = bytes[5]! ^ 0x01;
    expect(verifyWebhookSignature(bytes, valid, SECRET, 300, T)).toBe(false);
  });

  it('a wrong, changed or empty secret fails', () => {
    expect(verifyWebhookSignature(BODY, valid, OTHER_SECRET, 300, T)).toBe(false);
    expect(verifyWebhookSignature(BODY, valid, `${SECRET}x`, 300, T)).toBe(false);
    expect(verifyWebhookSignature(BODY, valid, SECRET.slice(0, -1), 300, T)).toBe(false);
    expect(verifyWebhookSignature(BODY, valid, '', 300, T)).toBe(false);
  });

  it('a stale (> 300 s) or future (> 300 s) timestamp fails even with a correct signature', () => {
    expect(verifyWebhookSignature(BODY, valid, SECRET, 300, T + 301)).toBe(false);
    expect(verifyWebhookSignature(BODY, valid, SECRET, 300, T + 86_400)).toBe(false);
    expect(verifyWebhookSignature(BODY, valid, SECRET, 300, T - 301)).toBe(false);
    expect(verifyWebhookSignature(BODY, valid, SECRET, 300, T - 86_400)).toBe(false);
    // With the default tolerance and the real clock: a header signed 301 s ago or 301 s ahead.
    const now = Math.floor(Date.now() / 1000);
    for (const t of [now - 301, now + 301, now - 3600, now + 3600]) {
      expect(verifyWebhookSignature(BODY, header(t, hmac(SECRET, t, BODY)), SECRET)).toBe(false);
    }
    // A re-signed timestamp is not a way around it: t is part of the signed text.
    expect(verifyWebhookSignature(BODY, header(T + 1000, PINNED_V1), SECRET, 300, T + 1000)).toBe(false);
  });

  it('a custom tolerance is honoured', () => {
    expect(verifyWebhookSignature(BODY, valid, SECRET, 10, T + 10)).toBe(true);
    expect(verifyWebhookSignature(BODY, valid, SECRET, 10, T + 11)).toBe(false);
    expect(verifyWebhookSignature(BODY, valid, SECRET, 3600, T - 3600)).toBe(true);
  });

  it.each([
    ['missing (undefined)', undefined],
    ['missing (null)', null],
    ['empty', ''],
    ['whitespace', '   '],
    ['no t', `v1=${PINNED_V1}`],
    ['no v1', `t=${T}`],
    ['t with no value', `t=,v1=${PINNED_V1}`],
    ['v1 with no value', `t=${T},v1=`],
    ['non-numeric t', `t=abc,v1=${PINNED_V1}`],
    ['negative t', `t=-${T},v1=${PINNED_V1}`],
    ['fractional t', `t=${T}.5,v1=${PINNED_V1}`],
    ['t in milliseconds far away', `t=${T}000,v1=${PINNED_V1}`],
    ['bad hex (not hex)', `t=${T},v1=${'z'.repeat(64)}`],
    ['bad hex (odd length)', `t=${T},v1=${PINNED_V1.slice(1)}`],
    ['bad hex (too short)', `t=${T},v1=${PINNED_V1.slice(0, 62)}`],
    ['bad hex (too long)', `t=${T},v1=${PINNED_V1}00`],
    ['bad hex (upper case)', `t=${T},v1=${PINNED_V1.toUpperCase()}`],
    ['base64 instead of hex', `t=${T},v1=${Buffer.from(PINNED_V1, 'hex').toString('base64')}`],
    ['duplicated t', `t=${T},t=${T},v1=${PINNED_V1}`],
    ['duplicated t with another value', `t=${T},v1=${PINNED_V1},t=${T + 1}`],
    ['a part without =', `t=${T},v1=${PINNED_V1},garbage`],
    ['an empty part', `t=${T},,v1=${PINNED_V1}`],
    ['only a v0 scheme', `t=${T},v0=${PINNED_V1}`],
    ['a bare signature', PINNED_V1],
    ['semicolons instead of commas', `t=${T};v1=${PINNED_V1}`],
  ])('a %s header fails', (_name, value) => {
    expect(verifyWebhookSignature(BODY, value, SECRET, 300, T)).toBe(false);
  });

  it('parses a well-formed header and returns null for malformed ones', () => {
    expect(parseSignatureHeader(valid)).toEqual({ timestamp: T, signatures: [PINNED_V1] });
    expect(parseSignatureHeader(`t=${T},v1=${PINNED_V1},v2=whatever`)).toEqual({
      timestamp: T,
      signatures: [PINNED_V1],
    });
    expect(parseSignatureHeader(`t=${T}`)).toBeNull();
    expect(parseSignatureHeader(`v1=${PINNED_V1}`)).toBeNull();
    expect(parseSignatureHeader(`t=${T},t=${T},v1=${PINNED_V1}`)).toBeNull();
    expect(parseSignatureHeader('')).toBeNull();
  });

  it('two v1 signatures (a rotation): passes when either matches, fails when neither does', () => {
    const mine = hmac(SECRET, T, BODY);
    const other = hmac(OTHER_SECRET, T, BODY);
    const both = header(T, mine, other);
    expect(verifyWebhookSignature(BODY, both, SECRET, 300, T)).toBe(true);
    expect(verifyWebhookSignature(BODY, both, OTHER_SECRET, 300, T)).toBe(true);
    expect(verifyWebhookSignature(BODY, header(T, other, mine), SECRET, 300, T)).toBe(true);
    expect(verifyWebhookSignature(BODY, both, 'whsec_a_third_secret_nobody_signed_with', 300, T)).toBe(false);
    expect(verifyWebhookSignature(`${BODY}x`, both, SECRET, 300, T)).toBe(false);
    // An unknown scheme next to a valid v1 is ignored, not an error.
    expect(verifyWebhookSignature(BODY, `t=${T},v1=${mine},v2=${'0'.repeat(64)}`, SECRET, 300, T)).toBe(true);
    // Whitespace around the parts is tolerated.
    expect(verifyWebhookSignature(BODY, `t=${T}, v1=${other}, v1=${mine}`, SECRET, 300, T)).toBe(true);
  });

  it('a wrong v1 next to nothing else fails, and a right v1 under a different t fails', () => {
    expect(verifyWebhookSignature(BODY, header(T, '0'.repeat(64)), SECRET, 300, T)).toBe(false);
    expect(verifyWebhookSignature(BODY, header(T + 1, PINNED_V1), SECRET, 300, T)).toBe(false);
  });
});

describe('the same delivery signed as Standard Webhooks says, and read by the libraries merchants use', () => {
  const secret = `whsec_${crypto.randomBytes(32).toString('base64')}`;
  const id = '7b0c9a8e-2f4d-4c1e-9a55-1f3d2b6e8c01';
  const now = Math.floor(Date.now() / 1000);

  it("standardwebhooks' Webhook.verify takes our headers, with one secret and with two during a rotation", () => {
    const other = `whsec_${crypto.randomBytes(32).toString('base64')}`;
    for (const secrets of [[secret], [other, secret]]) {
      const headers = {
        'webhook-id': id,
        'webhook-timestamp': String(now),
        'webhook-signature': standardSignatureHeader(secrets, id, now, BODY),
      };
      expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    }
    // Its own signing gives the same value as ours.
    expect(standardSignatureHeader([secret], id, now, BODY)).toBe(
      new Webhook(secret).sign(id, new Date(now * 1000), BODY),
    );
  });

  it('refuses another body, another id, another secret', () => {
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(now),
      'webhook-signature': standardSignatureHeader([secret], id, now, BODY),
    };
    const hook = new Webhook(secret);
    expect(() => hook.verify(`${BODY} `, headers)).toThrow();
    expect(() => hook.verify(BODY, { ...headers, 'webhook-id': `${id}x` })).toThrow();
    expect(() => new Webhook(OTHER_SECRET_B64).verify(BODY, headers)).toThrow();
  });

  it('an older base64url secret signs with the same key as its standard-base64 spelling', () => {
    const bytes = crypto.randomBytes(32);
    const old = `whsec_${bytes.toString('base64url')}`;
    const spelled = `whsec_${bytes.toString('base64')}`;
    expect(computeStandardSignature(old, id, T, BODY)).toBe(computeStandardSignature(spelled, id, T, BODY));
  });

  it("Stripe's constructEvent takes our X-Webhook-Signature", () => {
    const stripe = new Stripe('sk_test_verification_only');
    const event = stripe.webhooks.constructEvent(BODY, signatureHeader([secret], now, BODY), secret);
    expect(event).toEqual(JSON.parse(BODY));
    expect(() => stripe.webhooks.constructEvent(BODY, signatureHeader([OTHER_SECRET], now, BODY), secret)).toThrow();
  });
});
