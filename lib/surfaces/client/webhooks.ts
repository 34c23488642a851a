import type { z } from 'zod';
import type { EventType } from '../../notifications/events/catalog';
import type { EVENT_DATA } from '../event-payloads';
import type { WEBHOOK_API_VERSION } from '../../notifications/webhooks/envelope';
import { verifyWebhookSignature } from '../../notifications/webhooks/verify';
import { PaymentsApiError } from './errors';

type DataOf<T extends EventType> = z.output<(typeof EVENT_DATA)[T]>;

/** A delivery's body, narrowed by `event_type`: `if (event.event_type === 'checkout.paid') event.data.meta_data`. */
export type WebhookEvent = {
  [T in EventType]: {
    id: string;
    event_type: T;
    idempotency_key: string;
    created_at: string;
    api_version: typeof WEBHOOK_API_VERSION;
    data: DataOf<T>;
  };
}[EventType];

/**
 * Verifies a delivery (`X-Webhook-Signature` over the raw body, within `toleranceSeconds`) and
 * returns its event; a bad signature is a PaymentsApiError `invalid_signature`. Pass the body
 * exactly as received (before any JSON parsing).
 */
export function parseWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
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
