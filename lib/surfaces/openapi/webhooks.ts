import { z } from 'zod';
import { EVENT_CATALOG, EVENT_TYPES, type EventType } from '../../notifications/events/catalog';
import { EVENT_DATA } from '../event-payloads';
import { webhookEnvelopeFields } from '../../notifications/webhooks/contract';

/** The body of a delivery of one event type (lib/notifications/webhooks/envelope.ts shapes it). */
export const webhookEnvelopeSchema = (type: EventType, data: z.ZodType) =>
  z.object({ ...webhookEnvelopeFields, event_type: z.literal(type), data });

export const WEBHOOK_EVENTS = EVENT_TYPES.map((type) => {
  const data: z.ZodType = EVENT_DATA[type];
  return { type, description: EVENT_CATALOG[type], data, envelope: webhookEnvelopeSchema(type, data) };
});
