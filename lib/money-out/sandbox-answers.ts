import type { Db } from '../platform/db/client';
import { answerSandboxRequest } from '../rails/providers/sandbox';
import { onPayoutCallback } from './live-payouts';

/**
 * The sandbox provider's simulated bank: it answers a payout at the sandbox, which then calls back
 * like a real provider; the service asks the sandbox's status query before moving any money (the same
 * path as a live payout). A payout answered already calls back nothing.
 */
export async function answerSandboxPayout(db: Db, transactionId: string, outcome: 'completed' | 'failed') {
  const callback = await answerSandboxRequest(
    db,
    transactionId,
    outcome === 'completed' ? { status: 'succeeded' } : { status: 'failed', failure: 'rejected' },
  );
  if (callback) await onPayoutCallback(db, transactionId, callback);
}
