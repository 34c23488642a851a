import { events } from '../db/schema';
import type { Db } from '../db/client';

export interface NewEvent {
  merchantId: string;
  eventType: string;
  resourceType: 'checkout' | 'merchant' | 'api_key';
  resourceId: string;
  /** The resource right after the change, in its API shape. */
  data: Record<string, unknown>;
}

/**
 * Writes an event into the outbox. Call it with the transaction that makes the change, so the change
 * and its event commit (or vanish) together.
 */
export async function recordEvent(db: Db, event: NewEvent): Promise<string> {
  const [row] = await db.insert(events).values(event).returning({ id: events.id });
  return row!.id;
}
