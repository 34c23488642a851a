import { and, eq, isNotNull } from 'drizzle-orm';
import { customerTransactions, tenants } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { log } from '../platform/log';
import { livePayoutsNamed } from '../rails/live-payout-rails';
import type { PayoutStatus } from '../rails/providers/types';
import { checkLivePayout } from './live-payouts';
import { reverseCompletedPayout } from './progress';

/**
 * A provider's signed word about one of its transfers (Paystack's `transfer.*`), taken as a hint:
 *  - a reference that is not one of our live payouts on that rail (not a UUID: a transfer made in the
 *    provider's own dashboard; a UUID of no payout; a test-mode or another rail's payout) → ignored;
 *  - PROCESSING → the provider's status query decides (live-payouts.ts), as for the backoff job;
 *  - COMPLETED and the event says reversed → the status query must say reversed too, then REVERSED
 *    with the money back (progress.ts), exactly once;
 *  - anything else (a repeat, or a late event after the outcome) → nothing changes.
 * `unknown` only when the provider's status query did not settle it: the caller answers 503 so the
 * provider sends the event again.
 */
export type PayoutNoticeOutcome = 'recorded' | 'unchanged' | 'unknown_reference' | 'unknown';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function livePayoutOf(db: Db, rail: string, reference: string) {
  if (!UUID.test(reference)) return undefined;
  const [row] = await db
    .select({
      id: customerTransactions.id,
      status: customerTransactions.payoutStatus,
      providerReference: customerTransactions.providerReference,
    })
    .from(customerTransactions)
    .innerJoin(tenants, eq(tenants.id, customerTransactions.tenantId))
    .where(
      and(
        eq(customerTransactions.id, reference),
        isNotNull(customerTransactions.payoutKind),
        eq(customerTransactions.provider, rail),
        eq(tenants.mode, 'live'),
      ),
    );
  return row;
}

export async function onPayoutNotice(
  db: Db,
  rail: string,
  reference: string,
  hint: PayoutStatus,
): Promise<PayoutNoticeOutcome> {
  const row = await livePayoutOf(db, rail, reference);
  if (!row) {
    // Never a 5xx: the provider would retry an event we can never act on for days.
    log.warn('rail.payout_notice_unknown_reference', { rail, reference: reference.slice(0, 100) });
    return 'unknown_reference';
  }
  if (row.status === 'processing') {
    const status = await checkLivePayout(db, row.id, 0);
    if (status !== 'unknown') return 'recorded';
    // Moved meanwhile (the backoff job or a twin event got there first): nothing left to do.
    const again = await livePayoutOf(db, rail, reference);
    return again?.status === 'processing' ? 'unknown' : 'unchanged';
  }
  const saysReversed = hint.status === 'failed' && hint.code === 'reversed';
  if (row.status !== 'completed' || !saysReversed) return 'unchanged';
  return confirmReversal(db, rail, row.id, row.providerReference);
}

/** The event says a completed payout came back: only the provider's status query may say so. */
async function confirmReversal(
  db: Db,
  railName: string,
  transactionId: string,
  providerReference: string | null,
): Promise<PayoutNoticeOutcome> {
  const rail = livePayoutsNamed(railName);
  if (!rail) return 'unknown';
  const status = await rail.queryPayout({ payoutId: transactionId, providerReference });
  if (status.status === 'failed' && status.code === 'reversed') {
    const reversed = await reverseCompletedPayout(db, transactionId, `${rail.name}: ${status.message || 'reversed'}`);
    log.info('rail.payout_reversed', { rail: rail.name, transaction_id: transactionId, reversed });
    return reversed ? 'recorded' : 'unchanged';
  }
  // A signed reversal its status query does not (yet) confirm: asked again when the provider resends it.
  log.warn('rail.payout_reversal_unconfirmed', {
    rail: rail.name,
    transaction_id: transactionId,
    status: status.status,
  });
  return 'unknown';
}
