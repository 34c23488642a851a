import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sandboxRailRequests } from '../../../platform/db/schema';
import { getDb } from '../../../platform/db/client';
import { config } from '../../../platform/config';
import { enqueueJob } from '../../../platform/jobs/queue';
import type { CollectionStatus, PromptRail } from '../types';
import { recordRequest, sandboxCallback } from './requests';

/**
 * Sandbox mobile money, a provider like MTN MoMo: it takes the prompt, its simulated customer answers
 * (a job, `sandbox_mobile_money_outcome`), it calls back, and the service asks its status query before
 * recording anything, exactly as for a live provider. The last four digits of the phone number choose
 * what the customer does; any other number approves after SANDBOX_MOBILE_MONEY_DELAY_SECONDS.
 */
export const SANDBOX_MOBILE_MONEY_MAGIC = {
  '1111': 'declined',
  '2222': 'insufficient_funds',
  '3333': 'no_answer',
  '4444': 'success_immediately',
} as const;

export type SandboxMobileMoneyBehaviour =
  (typeof SANDBOX_MOBILE_MONEY_MAGIC)[keyof typeof SANDBOX_MOBILE_MONEY_MAGIC] | 'success';

export function sandboxBehaviourFor(phone: string): SandboxMobileMoneyBehaviour {
  const suffix = phone.slice(-4) as keyof typeof SANDBOX_MOBILE_MONEY_MAGIC;
  return SANDBOX_MOBILE_MONEY_MAGIC[suffix] ?? 'success';
}

const FAILURE_MESSAGES: Record<string, string> = {
  declined: 'The payment was declined on the phone',
  insufficient_funds: 'The mobile money wallet has insufficient funds',
};

export const sandboxPrompts: PromptRail = {
  name: 'sandbox_mobile_money',
  network: null,
  referenceIsOurs: false,
  // recordRequest keeps one request per attempt and answers a repeat with its reference.
  resendIsSafe: true,
  takesAmount: () => true,
  async requestPayment(request) {
    const behaviour = sandboxBehaviourFor(request.phone);
    const now = behaviour === 'success_immediately';
    const recorded = await recordRequest(
      getDb(),
      {
        reference: `SBX-MM-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
        kind: 'prompt',
        subjectId: request.attemptId,
        amount: request.amount,
        currencyCode: request.currency,
      },
      // "no_answer" schedules nothing: the attempt's own time-out ends it, as with a real silent phone.
      async (tx) => {
        if (behaviour === 'no_answer') return;
        await enqueueJob(
          tx,
          'sandbox_mobile_money_outcome',
          { attempt_id: request.attemptId, outcome: now || behaviour === 'success' ? 'success' : behaviour },
          {
            runAt: new Date(Date.now() + (now ? 0 : config().SANDBOX_MOBILE_MONEY_DELAY_SECONDS) * 1000),
            jobKey: `sandbox_mm:${request.attemptId}`,
          },
        );
      },
    );
    return { kind: 'accepted', providerReference: recorded.reference };
  },
  async queryPayment({ providerReference }): Promise<CollectionStatus> {
    const [row] = await getDb()
      .select()
      .from(sandboxRailRequests)
      .where(eq(sandboxRailRequests.reference, providerReference));
    if (!row) return { status: 'not_found' };
    if (row.status === 'pending') return { status: 'pending' };
    if (row.status === 'succeeded')
      return {
        status: 'succeeded',
        providerTransactionId: row.reference,
        amount: row.amount,
        currency: row.currencyCode,
      };
    const failure = row.failure === 'insufficient_funds' ? 'insufficient_funds' : 'declined';
    return { status: 'failed', failure, message: FAILURE_MESSAGES[failure]! };
  },
  readCallback: sandboxCallback,
};
