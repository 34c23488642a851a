import { events } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';

export interface NewEvent {
  merchantId: string;
  eventType: string;
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
  data: Record<string, unknown>;
  /** Deliver to this webhook endpoint only (test events). */
  webhookEndpointId?: string;
}

/**
 * Writes an event into the outbox. Call it with the transaction that makes the change, so the change
 * and its event commit (or vanish) together.
 */
export async function recordEvent(db: Db, event: NewEvent): Promise<string> {
  const [row] = await db.insert(events).values(event).returning({ id: events.id });
  return row!.id;
}

/** Many events in as few statements as the parameter limit allows (same transaction rules). */
export async function recordEvents(db: Db, list: NewEvent[]): Promise<void> {
  const CHUNK = 5_000; // 5 parameters per row, well under PostgreSQL's 65,535
  for (let i = 0; i < list.length; i += CHUNK) await db.insert(events).values(list.slice(i, i + CHUNK));
}
