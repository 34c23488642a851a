import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { checkouts, paymentAttempts } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { log } from '../../platform/log';
import { bankTransferRails } from '../../rails';
import type { BankTransferRail } from '../../rails/providers/types';
import { settleBankTransfer } from './bank-transfer';

/**
 * The safety net under the rails' payment notices. Paystack retries a notice for 72 hours, but a
 * notice can still be lost for good (a wrong webhook URL, a long outage), and the sandbox bank's word
 * is lost when the process dies between the money arriving and its settling; the customer's money
 * would sit unrecorded. So every few minutes this asks each rail's status query (Paystack's `verify`)
 * about its open transfers most likely to have been paid: the customer said they sent it more than 10
 * minutes ago, or the account's deadline (or the checkout's) is near or past (up to 4 days back). Each
 * is asked at most every 15 minutes, a batch per rail; the answer goes through the same path as a
 * notice, so nothing is recorded twice.
 */
export const SWEEP_BATCH = 50;
const CLAIM_GRACE = sql`interval '10 minutes'`;
const DEADLINE_NEAR = sql`interval '5 minutes'`;
const LOOK_BACK = sql`interval '4 days'`;
const ASK_EVERY = sql`interval '15 minutes'`;

export async function sweepTransfers(db: Db): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  for (const rail of bankTransferRails()) await sweepRail(db, rail, outcomes);
  return outcomes;
}

async function sweepRail(db: Db, rail: BankTransferRail, outcomes: Record<string, number>): Promise<void> {
  const checkedAt = sql`(${paymentAttempts.providerMetadata} ->> 'provider_checked_at')::timestamptz`;
  const due = await db
    .select({ reference: paymentAttempts.providerReference })
    .from(paymentAttempts)
    .innerJoin(checkouts, eq(checkouts.id, paymentAttempts.checkoutId))
    .where(
      and(
        eq(paymentAttempts.method, 'bank_transfer'),
        eq(paymentAttempts.provider, rail.name),
        inArray(paymentAttempts.status, ['awaiting_transfer', 'claimed']),
        isNotNull(paymentAttempts.providerReference),
        sql`${paymentAttempts.createdAt} > now() - ${LOOK_BACK}`,
        // The deadline: the account's (`respond_by`) or the checkout's, the earlier (least() skips a null).
        sql`(${paymentAttempts.claimedAt} <= now() - ${CLAIM_GRACE} or least(${paymentAttempts.respondBy}, ${checkouts.expiresAt}) <= now() + ${DEADLINE_NEAR})`,
        sql`(${checkedAt} is null or ${checkedAt} <= now() - ${ASK_EVERY})`,
      ),
    )
    .orderBy(sql`${checkedAt} asc nulls first`, asc(paymentAttempts.createdAt))
    .limit(SWEEP_BATCH);
  const mine: Record<string, number> = {};
  for (const { reference } of due) {
    const { outcome } = await settleBankTransfer(db, rail, reference!);
    mine[outcome] = (mine[outcome] ?? 0) + 1;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  if (due.length) log.info('rail.transfer_sweep', { rail: rail.name, asked: due.length, ...mine });
}
