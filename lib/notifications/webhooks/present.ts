import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../platform/db/schema';
import type { EventType } from '../events/catalog';
import type { Webhook, WebhookDelivery, WebhookWithSecret } from './contract';
import { envelopeOf, type EnvelopedEvent } from './envelope';
import { formatTimestamp } from '../../platform/time';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The endpoint as the merchant sees it; the secret itself only in create and rotate responses. */
export function presentWebhook(row: EndpointRow, options: { secret: string }): WebhookWithSecret;
export function presentWebhook(row: EndpointRow, options?: { secret?: undefined }): Webhook;
export function presentWebhook(row: EndpointRow, options: { secret?: string } = {}): Webhook | WebhookWithSecret {
  const rotating = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date();
  return {
    id: row.id,
    merchant_id: row.merchantId,
    url: row.url,
    description: row.description,
    events: row.eventTypes as Webhook['events'],
    enabled: row.enabled,
    allow_loopback: row.allowLoopback,
    ...(options.secret ? { secret: options.secret } : {}),
    secret_hint: `whsec_…${row.secret.slice(-4)}`,
    secret_rotated_at: formatTimestamp(row.secretRotatedAt),
    previous_secret_expires_at: rotating ? formatTimestamp(row.previousSecretExpiresAt) : null,
    failing_since: formatTimestamp(row.failingSince),
    disabled_at: formatTimestamp(row.disabledAt),
    disabled_reason: row.disabledReason,
    last_success_at: formatTimestamp(row.lastSuccessAt),
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
  };
}

export function presentAttempt(row: AttemptRow): WebhookDelivery['attempts'][number] {
  return {
    attempt_number: row.attemptNumber,
    succeeded: row.succeeded,
    status_code: row.statusCode,
    error: row.error,
    latency_ms: row.latencyMs,
    response_body: row.responseBody,
    next_retry_at: formatTimestamp(row.nextRetryAt),
    attempted_at: formatTimestamp(row.createdAt),
  };
}

export function presentDelivery(row: DeliveryRow, event: EnvelopedEvent, attempts: AttemptRow[]): WebhookDelivery {
  const eventType = event.eventType as EventType;
  return {
    id: row.id,
    webhook_id: row.endpointId,
    event_id: row.eventId,
    event_type: eventType,
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === 'pending' ? formatTimestamp(row.nextAttemptAt) : null,
    last_attempt_at: formatTimestamp(row.lastAttemptAt),
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    delivered_at: formatTimestamp(row.deliveredAt),
    created_at: formatTimestamp(row.createdAt),
    payload: { ...envelopeOf(event), event_type: eventType },
    attempts: attempts.map(presentAttempt),
  };
}
