import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sandboxRailRequests } from '../../../platform/db/schema';
import { getDb } from '../../../platform/db/client';
import { config } from '../../../platform/config';
import { enqueueJob } from '../../../platform/jobs/queue';
import type { PayoutRail, PayoutStatus } from '../types';
import { recordRequest } from './requests';

/** Sandbox payouts: a destination number (account or phone) ending in this fails; anything else completes. */
export const SANDBOX_PAYOUT_FAILURE_SUFFIX = '9999';

/**
 * Sandbox payouts, a provider like Paystack's transfers: a payout waits SANDBOX_PAYOUT_DELAY_SECONDS
 * before it is picked up (the window in which a cancel wins), is sent like a live one, and the
 * sandbox's simulated bank answers after the same delay again (a job, `sandbox_payout_outcome`), calls
 * back, and the service asks its status query before moving any money.
 */
export const sandboxPayouts: PayoutRail = {
  name: 'sandbox_payouts',
  network: null,
  pickUpAfterSeconds: () => config().SANDBOX_PAYOUT_DELAY_SECONDS,
  needsBankCode: false,
  problemWith: () => null,
  async sendPayout(request) {
    const number = request.target.type === 'mobile_money' ? request.target.phone : request.target.accountNumber;
    const recorded = await recordRequest(
      getDb(),
      {
        reference: `SBX-PO-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
        kind: 'payout',
        subjectId: request.payoutId,
        amount: request.amount,
        currencyCode: request.currency,
      },
      (tx) =>
        enqueueJob(
          tx,
          'sandbox_payout_outcome',
          {
            transaction_id: request.payoutId,
            outcome: number.endsWith(SANDBOX_PAYOUT_FAILURE_SUFFIX) ? 'failed' : 'completed',
          },
          {
            runAt: new Date(Date.now() + config().SANDBOX_PAYOUT_DELAY_SECONDS * 1000),
            jobKey: `sandbox_po:${request.payoutId}`,
          },
        ),
    );
    return { kind: 'accepted', providerReference: recorded.reference };
  },
  async queryPayout({ payoutId }): Promise<PayoutStatus> {
    const [row] = await getDb().select().from(sandboxRailRequests).where(eq(sandboxRailRequests.subjectId, payoutId));
    if (!row) return { status: 'not_found' };
    if (row.status === 'pending') return { status: 'pending' };
    if (row.status === 'succeeded') return { status: 'completed', providerTransactionId: row.reference };
    return {
      status: 'failed',
      code: 'rejected',
      message: `The recipient's bank or network rejected the transfer (sandbox: number ends in ${SANDBOX_PAYOUT_FAILURE_SUFFIX})`,
    };
  },
};
