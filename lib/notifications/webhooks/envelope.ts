import { formatTimestamp } from '../../platform/time';

/** The API version deliveries are shaped by (the envelope and each event's `data`). */
export const WEBHOOK_API_VERSION = '2026-11-01' as const;

/**
 * The body of every delivery. `id` is the event's id and `idempotency_key` is the same on every retry
 * and redelivery of the event (to every endpoint): store it before acting and skip what was seen.
 */
export function envelopeOf(event: { id: string; eventType: string; createdAt: Date; data: Record<string, unknown> }) {
  return {
    id: event.id,
    event_type: event.eventType,
    idempotency_key: event.id,
    created_at: formatTimestamp(event.createdAt),
    api_version: WEBHOOK_API_VERSION,
    data: event.data,
  };
}
