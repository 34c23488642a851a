import { and, inArray, lte, sql } from 'drizzle-orm';
import { checkouts } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { ApiError } from '../platform/http/errors';
import { transitionCheckout } from './state-machine';
import { EXPIRABLE_STATUSES } from './statuses';

/**
 * Moves one checkout to `expired` if it is due; a checkout that was paid, cancelled or is processing
 * in the meantime is left alone (the state machine refuses, and that refusal is expected here).
 */
export async function expireCheckout(db: Db, checkoutId: string): Promise<boolean> {
  const [row] = await db
    .select({ tenantId: checkouts.tenantId })
    .from(checkouts)
    .where(sql`${checkouts.id} = ${checkoutId}`);
  if (!row) return false;
  try {
    await transitionCheckout(db, { checkoutId, tenantId: row.tenantId, transition: 'expire' });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return false;
    throw error;
  }
}

/** Expires every due checkout, a batch at a time (the worker's sweep, lib/worker/expiry-sweeper.ts). */
export async function expireDueCheckouts(db: Db, batchSize = 500): Promise<number> {
  const due = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(inArray(checkouts.status, [...EXPIRABLE_STATUSES]), lte(checkouts.expiresAt, sql`now()`)))
    .limit(batchSize);
  let expired = 0;
  for (const { id } of due) if (await expireCheckout(db, id)) expired++;
  return expired;
}
