import crypto from 'node:crypto';
import type { Json } from './shapes';

/**
 * Paystack's webhooks: `POST {"event","data"}` with `x-paystack-signature` = hex HMAC-SHA512 of the
 * body keyed with the secret key [PS-WH]. An event's bytes are fixed when it is made, so a repeat is
 * byte for byte the same, as Paystack's own retries are.
 */
export interface WebhookEvent {
  /** `charge.success`, `bank.transfer.rejected`, `transfer.success`, … */
  event: string;
  body: { event: string; data: Json };
  rawBody: string;
  /** The valid signature of `rawBody`. */
  signature: string;
}

/** What the receiver gets: pass `headers` and `rawBody` to `verifyNotification` as a route would. */
export interface WebhookRequest {
  headers: Headers;
  rawBody: string;
  event: WebhookEvent;
}

/** `send` delivers now; `withhold` only records it (deliver it later, or never: a lost notification). */
export type DeliveryMode = 'send' | 'withhold';

export interface DeliveryOptions {
  /** `forged`: signed with another key; `missing`: no signature header. Default `valid`. */
  signature?: 'valid' | 'forged' | 'missing';
  /** Change one byte of the body after signing (a digit becomes another digit; still JSON). */
  alterBody?: boolean;
}

export interface DeliveryResult {
  event: WebhookEvent;
  /** The receiver's HTTP status (200 for a `deliver` callback that returned nothing), or null. */
  status: number | null;
  error: string | null;
}

export type DeliverCallback = (request: WebhookRequest) => unknown;

export function makeEvent(secretKey: string, event: string, data: Json): WebhookEvent {
  const body = { event, data };
  const rawBody = JSON.stringify(body);
  return { event, body, rawBody, signature: sign(secretKey, rawBody) };
}

export function sign(secretKey: string, rawBody: string): string {
  return crypto.createHmac('sha512', secretKey).update(rawBody, 'utf8').digest('hex');
}

/** The request a receiver would get for `event`, as sent or as tampered with. */
export function webhookRequest(event: WebhookEvent, options: DeliveryOptions = {}): WebhookRequest {
  const headers = new Headers({ 'content-type': 'application/json' });
  const signature = options.signature ?? 'valid';
  if (signature === 'valid') headers.set('x-paystack-signature', event.signature);
  if (signature === 'forged')
    headers.set('x-paystack-signature', sign(`sk_test_forged${'0'.repeat(32)}`, event.rawBody));
  const rawBody = options.alterBody ? alterOneByte(event.rawBody) : event.rawBody;
  return { headers, rawBody, event };
}

function alterOneByte(raw: string): string {
  const at = raw.search(/\d/);
  if (at < 0) return `${raw.slice(0, -1)} }`;
  const digit = raw[at] === '9' ? '8' : String(Number(raw[at]) + 1);
  return raw.slice(0, at) + digit + raw.slice(at + 1);
}

export async function deliverTo(
  target: { webhookUrl?: string; deliver?: DeliverCallback; timeoutMs: number },
  request: WebhookRequest,
): Promise<DeliveryResult> {
  const { event } = request;
  if (target.deliver) {
    try {
      const answer = await target.deliver(request);
      return { event, status: typeof answer === 'number' ? answer : 200, error: null };
    } catch (error) {
      return { event, status: null, error: String(error) };
    }
  }
  if (!target.webhookUrl) return { event, status: null, error: 'no webhookUrl or deliver option' };
  try {
    const response = await fetch(target.webhookUrl, {
      method: 'POST',
      headers: request.headers,
      body: request.rawBody,
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    await response.arrayBuffer();
    return { event, status: response.status, error: null };
  } catch (error) {
    return { event, status: null, error: String(error) };
  }
}
