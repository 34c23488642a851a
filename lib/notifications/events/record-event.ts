import type { Placeholder } from 'drizzle-orm';
import { events } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { insertBuiltOnce } from '../../platform/db/prepared';
import { enqueueJob } from '../../platform/jobs/queue';
import type { EventData } from './catalog';

/** An event to write: its type, and exactly that type's data (EventData). */
export type NewEvent = { [T in keyof EventData]: EventOf<T> }[keyof EventData];

interface EventOf<T extends keyof EventData> {
  merchantId: string;
  /** The tenant (test or live) the event belongs to: only its webhook endpoints receive it. */
  tenantId: string;
  eventType: T;
  resourceType:
    | 'checkout'
    | 'merchant'
    | 'api_key'
    | 'wallet'
    | 'settlement_batch'
    | 'conversion'
    | 'transaction'
    | 'payment_account'
    | 'withdrawal'
    | 'payout'
    | 'webhook';
  resourceId: string;
  /** The resource right after the change, in its API shape. */
  data: EventData[T];
  /** Deliver to this webhook endpoint only (test events). */
  webhookEndpointId?: string;
}

/**
 * Writes an event into the outbox. Call it with the transaction that makes the change, so the change
 * and its event commit (or vanish) together.
 *
 * Fan-out happens here too, in the database: a statement trigger on `events`
 * (`events_fan_out_to_webhooks`, drizzle/0009, 0013 and 0019) inserts, in this same transaction, one
 * `webhook_deliveries` row per enabled endpoint of the event's tenant subscribed to the event type (or `*`;
 * a test event goes to its one endpoint), and NOTIFYs `webhook_deliveries` so the dispatcher
 * (lib/notifications/webhooks/dispatcher.ts) wakes at once. A trigger, not code here, so events
 * written in bulk (settlement, expiry sweeps) fan out in one statement whatever wrote them.
 */
export async function recordEvent(db: Db, event: NewEvent): Promise<string> {
  const [row] = await insertEvent(db, { ...event, webhookEndpointId: event.webhookEndpointId ?? null });
  // People are told of money by mail (docs/mail.md): the job that writes those mails commits with the
  // event, so no verb can forget one and nothing is sent for a change that rolled back.
  if (MAILED_EVENT_TYPES.has(event.eventType))
    await enqueueJob(db, 'mail_for_event', { event_id: row!.id }, { jobKey: `mail_for_event:${row!.id}` });
  return row!.id;
}

/**
 * The events someone is mailed about (the customer, the team: lib/merchants/mail). Events written in
 * bulk (`recordEvents`: settlement, expiry) are never among them.
 */
export const MAILED_EVENT_TYPES: ReadonlySet<keyof EventData> = new Set<keyof EventData>([
  'checkout.paid',
  'checkout.refunded',
  'checkout.payment_received',
  'checkout.duplicate_payment',
  'withdrawal.completed',
  'withdrawal.failed',
  'withdrawal.reversed',
  'payout.completed',
  'payout.failed',
  'payout.reversed',
]);

export type EventSlot =
  'merchantId' | 'tenantId' | 'eventType' | 'resourceType' | 'resourceId' | 'data' | 'webhookEndpointId';

/** An event's columns, each from the placeholder of its NewEvent field (for inserts built once). */
export const eventValues = (p: (name: EventSlot) => Placeholder<EventSlot>) => ({
  merchantId: p('merchantId'),
  tenantId: p('tenantId'),
  eventType: p('eventType'),
  resourceType: p('resourceType'),
  resourceId: p('resourceId'),
  data: p('data'),
  webhookEndpointId: p('webhookEndpointId'),
});

// Built once: events are written on every change, nearly always inside a transaction.
const insertEvent = insertBuiltOnce(events, eventValues, { id: events.id });

/** Many events in as few statements as the parameter limit allows (same transaction rules). */
export async function recordEvents(db: Db, list: NewEvent[]): Promise<void> {
  const CHUNK = 5_000; // 6 parameters per row, well under PostgreSQL's 65,535
  for (let i = 0; i < list.length; i += CHUNK) await db.insert(events).values(list.slice(i, i + CHUNK));
}
