import { describe, expect, it } from 'vitest';
import { computeWebhookSignature, verifyWebhookSignature as serviceVerify } from '@/lib/notifications/webhooks/verify';
import { PaymentsApiError, parseWebhook, verifyWebhookSignature } from '@/lib/surfaces/client/src';

/**
 * The client package keeps its own copy of the signature rule (it may import nothing of the service):
 * it must accept and refuse exactly what lib/notifications/webhooks/verify.ts does.
 */
const secret = 'whsec_c2VjcmV0LWtleS1mb3ItdGVzdHM=';
const body = '{"event_type":"checkout.paid","data":{"id":"c1"}}';
const now = 1_800_000_000;
const sign = (t: number, key = secret, raw = body) => computeWebhookSignature(key, t, raw);
const good = sign(now);

const CASES: [string, string | null | undefined, string?][] = [
  ['valid', `t=${now},v1=${good}`],
  ['spaces around parts', ` t=${now} , v1=${good} `],
  ['second v1 of a rotation', `t=${now},v1=${sign(now, 'whsec_old')},v1=${good}`],
  ['unknown scheme beside v1', `t=${now},v2=abc,v1=${good}`],
  ['4 minutes old', `t=${now - 240},v1=${sign(now - 240)}`],
  ['6 minutes old', `t=${now - 360},v1=${sign(now - 360)}`],
  ['6 minutes ahead', `t=${now + 360},v1=${sign(now + 360)}`],
  ['tampered body', `t=${now},v1=${sign(now, secret, `${body} `)}`],
  ['another secret', `t=${now},v1=${good}`, `${secret}x`],
  ['empty secret', `t=${now},v1=${good}`, ''],
  ['upper-case hex', `t=${now},v1=${good.toUpperCase()}`],
  ['two timestamps', `t=${now},t=${now},v1=${good}`],
  ['no v1', `t=${now}`],
  ['no t', `v1=${good}`],
  ['a part without =', `t=${now},v1=${good},junk`],
  ['short signature', `t=${now},v1=${good.slice(2)}`],
  ['missing header', undefined],
  ['null header', null],
];

describe("the client's webhook verification", () => {
  it("accepts and refuses exactly what the service's rule does", () => {
    const verdicts = CASES.map(([name, header, key = secret]) => [
      name,
      verifyWebhookSignature(body, header, key, 300, now),
      serviceVerify(body, header, key, 300, now),
    ]);
    for (const [name, client, service] of verdicts) expect(client, String(name)).toBe(service);
    expect(verdicts.filter(([, ok]) => ok).map(([name]) => name)).toEqual([
      'valid',
      'spaces around parts',
      'second v1 of a rotation',
      'unknown scheme beside v1',
      '4 minutes old',
    ]);
  });

  it('parseWebhook returns the event, or throws invalid_signature', () => {
    const t = Math.floor(Date.now() / 1000);
    const header = `t=${t},v1=${sign(t)}`;
    expect(parseWebhook(Buffer.from(body), header, secret)).toMatchObject({ event_type: 'checkout.paid' });
    expect(() => parseWebhook(body, header, 'whsec_other')).toThrow(PaymentsApiError);
    expect(() => parseWebhook(body, header, 'whsec_other')).toThrow(
      expect.objectContaining({ code: 'invalid_signature' }),
    );
  });
});
