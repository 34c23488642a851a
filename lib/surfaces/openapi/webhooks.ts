import { z } from 'zod';
import { EVENT_CATALOG, EVENT_TYPES, type EventType } from '../../notifications/events/catalog';
import { EVENT_DATA } from '../event-payloads';
import { timestamp, uuidField } from '../../platform/http/shapes';
import { WEBHOOK_API_VERSION } from '../../notifications/webhooks/envelope';

/** The body of a delivery of one event type (lib/notifications/webhooks/envelope.ts shapes it). */
export const webhookEnvelopeSchema = (type: EventType, data: z.ZodType) =>
  z.object({
    id: uuidField.meta({ description: "The event's id" }),
    event_type: z.literal(type),
    idempotency_key: z
      .string()
      .meta({ description: 'Same on every retry and redelivery: store it and skip what was seen' }),
    created_at: timestamp.meta({ description: 'When the event happened (UTC)' }),
    api_version: z.literal(WEBHOOK_API_VERSION),
    data,
  });

export const WEBHOOK_EVENTS = EVENT_TYPES.map((type) => {
  const data: z.ZodType = EVENT_DATA[type];
  return { type, description: EVENT_CATALOG[type], data, envelope: webhookEnvelopeSchema(type, data) };
});
