import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { EventType } from '../events/catalog';
import type { Webhook, WebhookDelivery, WebhookWithSecret } from './contract';
import { envelopeOf } from './envelope';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

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
    secret_rotated_at: iso(row.secretRotatedAt),
    previous_secret_expires_at: rotating ? iso(row.previousSecretExpiresAt) : null,
    failing_since: iso(row.failingSince),
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledReason,
    last_success_at: iso(row.lastSuccessAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
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
    next_retry_at: iso(row.nextRetryAt),
    attempted_at: row.createdAt.toISOString(),
  };
}

export function presentDelivery(
  row: DeliveryRow,
  event: { id: string; eventType: string; createdAt: Date; data: Record<string, unknown> },
  attempts: AttemptRow[],
): WebhookDelivery {
  const eventType = event.eventType as EventType;
  return {
    id: row.id,
    webhook_id: row.endpointId,
    event_id: row.eventId,
    event_type: eventType,
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    last_attempt_at: iso(row.lastAttemptAt),
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    delivered_at: iso(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
    payload: { ...envelopeOf(event), event_type: eventType },
    attempts: attempts.map(presentAttempt),
  };
}
