import { formatTimestamp } from '../../platform/time';

/** The API version deliveries are shaped by (the envelope and each event's `data`). */
export const WEBHOOK_API_VERSION = '2026-11-01' as const;

/** What a delivery's body is made from: an event row (`sequence` as the driver reads a bigint). */
export interface EnvelopedEvent {
  id: string;
  sequence: bigint | string;
  eventType: string;
  createdAt: Date;
  data: Record<string, unknown>;
}

/**
 * The body of every delivery. `id` is the event's id and `idempotency_key` is the same on every retry
 * and redelivery of the event (to every endpoint): store it before acting and skip what was seen.
 */
export function envelopeOf(event: EnvelopedEvent) {
  return {
    id: event.id,
    // The order events happened in, over the whole service: of two events of one checkout (or any one
    // resource), the one with the larger sequence is the later change. A string would be exact beyond
    // 2^53; a number reads naturally and that is 9 quadrillion events away.
    sequence: Number(event.sequence),
    event_type: event.eventType,
    idempotency_key: event.id,
    created_at: formatTimestamp(event.createdAt),
    api_version: WEBHOOK_API_VERSION,
    data: event.data,
  };
}
