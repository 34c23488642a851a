import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { checkouts, ownerOf } from '../platform/db/schema';
import { type CheckoutStatus } from '../platform/vocabulary';
import type { Db } from '../platform/db/client';
import { conflict, notFound } from '../platform/http/errors';
import { recordEvent, recordEvents } from '../notifications/events/record-event';
import { effectiveStatus, presentCheckoutFull, type CheckoutRow } from './present';
import { EXPIRABLE_STATUSES } from './statuses';
import type { CheckoutEventType } from './events';

/**
 * The checkout state machine (docs/decisions/checkouts.md, "Payment states"): the only table of allowed moves. Every path that changes a
 * checkout's status goes through `transitionCheckout`, which applies a move atomically (a conditional
 * UPDATE, so a concurrent move cannot slip between check and write) and writes its event in the same
 * transaction.
 */
export const CHECKOUT_TRANSITIONS = {
  // Also after a failed or timed-out try: the customer may switch to bank transfer and retry.
  // Again from awaiting_payment_initiation: a provider's account for this payment lapsed, a new one opens.
  choose_bank_transfer: {
    from: ['pending', 'failed', 'timeout', 'awaiting_payment_initiation'],
    to: 'awaiting_payment_initiation',
    event: null,
  },
  start_payment: { from: EXPIRABLE_STATUSES, to: 'processing', event: 'checkout.processing' },
  // A rail's late "success" for an attempt already timed out still pays: the money did arrive.
  confirm_payment: { from: ['processing', 'timeout'], to: 'paid', event: 'checkout.paid' },
  decline_payment: { from: ['processing'], to: 'failed', event: 'checkout.failed' },
  time_out_payment: { from: ['processing'], to: 'timeout', event: 'checkout.timeout' },
  settle: { from: ['paid'], to: 'completed', event: 'checkout.completed' },
  cancel: { from: ['pending'], to: 'cancelled', event: 'checkout.cancelled' },
  expire: { from: EXPIRABLE_STATUSES, to: 'expired', event: 'checkout.expired' },
} as const satisfies Record<
  string,
  { from: readonly CheckoutStatus[]; to: CheckoutStatus; event: CheckoutEventType | null }
>;

export type CheckoutTransition = keyof typeof CHECKOUT_TRANSITIONS;

/** Extra time conditions per move: nothing starts or is cancelled after expiry; nothing expires early. */
const TIME_GUARD: Partial<Record<CheckoutTransition, SQL>> = {
  choose_bank_transfer: sql`${checkouts.expiresAt} > now()`,
  start_payment: sql`${checkouts.expiresAt} > now()`,
  cancel: sql`${checkouts.expiresAt} > now()`,
  expire: sql`${checkouts.expiresAt} <= now()`,
};

export async function transitionCheckout(
  db: Db,
  args: {
    checkoutId: string;
    /** The tenant the checkout must belong to: another's is a 404. */
    tenantId: string;
    transition: CheckoutTransition;
    /** Columns to set along with the status (timestamps, approval fields…). */
    set?: PgUpdateSetSource<typeof checkouts>;
    /** Event type when it depends on the path (e.g. `checkout.payment_claimed`). */
    eventType?: CheckoutEventType;
    /** A further condition the row must meet (e.g. "awaiting approval"); otherwise the move is refused. */
    where?: SQL;
  },
): Promise<CheckoutRow> {
  const move = CHECKOUT_TRANSITIONS[args.transition];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(checkouts)
      .set({ ...(args.set ?? {}), status: move.to, updatedAt: sql`now()` })
      .where(
        and(
          eq(checkouts.id, args.checkoutId),
          eq(checkouts.tenantId, args.tenantId),
          inArray(checkouts.status, [...move.from]),
          TIME_GUARD[args.transition],
          args.where,
        ),
      )
      .returning();
    if (!row) throw await refusal(tx, args.checkoutId, args.tenantId, args.transition);
    const eventType = args.eventType ?? move.event;
    if (eventType) {
      await recordEvent(tx, {
        ...ownerOf(row),
        eventType,
        resourceType: 'checkout',
        resourceId: row.id,
        data: presentCheckoutFull(row),
      });
    }
    return row;
  });
}

/**
 * Refuses a move the checkout as read cannot make, before a provider is called for it (an account
 * opened for a checkout that then cannot move is an orphan at the provider). The move itself still
 * checks under its lock.
 */
export async function refuseImpossibleMove(db: Db, row: CheckoutRow, transition: CheckoutTransition): Promise<void> {
  const from: readonly string[] = CHECKOUT_TRANSITIONS[transition].from;
  const status = effectiveStatus(row);
  if (!from.includes(status)) throw await refusal(db, row.id, row.tenantId, transition);
}

async function refusal(db: Db, checkoutId: string, tenantId: string, transition: CheckoutTransition) {
  const [current] = await db
    .select({ status: checkouts.status, expiresAt: checkouts.expiresAt })
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.tenantId, tenantId)));
  if (!current) return notFound('Checkout');
  const status = effectiveStatus(current);
  return conflict(
    transition === 'cancel' ? 'checkout_not_cancellable' : 'invalid_checkout_transition',
    transition === 'cancel'
      ? `Only a pending checkout can be cancelled; this one is ${status}`
      : `Cannot ${transition.replaceAll('_', ' ')} a checkout that is ${status}`,
  );
}

/**
 * The same move for many checkouts at once (settlement completes thousands): one UPDATE and one
 * batched event insert. Checkouts not in a `from` state are skipped, not refused.
 */
export async function transitionCheckoutsInBulk(
  db: Db,
  args: { checkoutIds: string[]; transition: CheckoutTransition; set?: PgUpdateSetSource<typeof checkouts> },
): Promise<CheckoutRow[]> {
  if (args.checkoutIds.length === 0) return [];
  const move = CHECKOUT_TRANSITIONS[args.transition];
  const rows = await db
    .update(checkouts)
    .set({ ...(args.set ?? {}), status: move.to, updatedAt: sql`now()` })
    .where(
      and(
        inArray(checkouts.id, args.checkoutIds),
        inArray(checkouts.status, [...move.from]),
        TIME_GUARD[args.transition],
      ),
    )
    .returning();
  if (move.event) {
    await recordEvents(
      db,
      await Promise.all(
        rows.map(async (row) => ({
          ...ownerOf(row),
          eventType: move.event!,
          resourceType: 'checkout' as const,
          resourceId: row.id,
          data: presentCheckoutFull(row),
        })),
      ),
    );
  }
  return rows;
}
