import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { paymentAttempts } from '../platform/db/schema';
import { type AttemptStatus } from '../platform/vocabulary';
import type { Db } from '../platform/db/client';

export type AttemptRow = typeof paymentAttempts.$inferSelect;

/**
 * A payment attempt's lifecycle: the only table of the moves an attempt can make, applied by
 * `moveAttempts` (a conditional UPDATE: an attempt no longer in a `from` state is left alone, so a
 * repeated or late report changes nothing). One row per try the customer makes:
 *
 *   mobile money   processing → succeeded | failed | timeout | abandoned (replaced by a new prompt)
 *                  timeout, abandoned → succeeded (the customer approved late: the money moved)
 *   bank transfer  awaiting_transfer → claimed ("I have sent it", or money waiting for an operator)
 *                  awaiting_transfer, claimed → succeeded (the money arrived, or an operator approved)
 *                  claimed → failed (an operator rejected)
 *                  awaiting_transfer → abandoned (the customer paid another way)
 */
export const ATTEMPT_TRANSITIONS = {
  prompt_approved: { from: ['processing', 'timeout', 'abandoned'], to: 'succeeded', stamp: 'completedAt' },
  prompt_declined: { from: ['processing'], to: 'failed', stamp: 'completedAt' },
  prompt_unanswered: { from: ['processing'], to: 'timeout', stamp: null },
  prompt_replaced: { from: ['processing'], to: 'abandoned', stamp: null },
  transfer_claimed: { from: ['awaiting_transfer'], to: 'claimed', stamp: 'claimedAt' },
  transfer_arrived: { from: ['awaiting_transfer', 'claimed'], to: 'succeeded', stamp: 'completedAt' },
  transfer_approved: { from: ['claimed'], to: 'succeeded', stamp: 'completedAt' },
  transfer_rejected: { from: ['claimed'], to: 'failed', stamp: 'completedAt' },
  transfer_abandoned: { from: ['awaiting_transfer'], to: 'abandoned', stamp: null },
} as const satisfies Record<
  string,
  { from: readonly AttemptStatus[]; to: AttemptStatus; stamp: 'completedAt' | 'claimedAt' | null }
>;

export type AttemptTransition = keyof typeof ATTEMPT_TRANSITIONS;

/**
 * Moves the attempts `which` names (one by id, or a checkout's) that are in one of the move's `from`
 * states, with `failure` where the move fails one; `also` narrows further (a time-out only once due).
 * Returns the rows moved: none when nothing was in a state to move.
 */
export async function moveAttempts(
  db: Db,
  transition: AttemptTransition,
  which: { attemptId: string } | { checkoutId: string; method?: 'mobile_money' | 'bank_transfer' },
  options: { failure?: { code: string; message?: string }; also?: SQL } = {},
): Promise<AttemptRow[]> {
  const move = ATTEMPT_TRANSITIONS[transition];
  const selected =
    'attemptId' in which
      ? eq(paymentAttempts.id, which.attemptId)
      : and(
          eq(paymentAttempts.checkoutId, which.checkoutId),
          which.method ? eq(paymentAttempts.method, which.method) : undefined,
        );
  return db
    .update(paymentAttempts)
    .set({
      status: move.to,
      updatedAt: sql`now()`,
      ...(move.stamp ? { [move.stamp]: sql`now()` } : {}),
      ...(options.failure
        ? { failureCode: options.failure.code, failureMessage: options.failure.message ?? null }
        : {}),
    })
    .where(and(selected, inArray(paymentAttempts.status, [...move.from]), options.also))
    .returning();
}
