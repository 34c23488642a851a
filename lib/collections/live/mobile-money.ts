import { and, eq, isNull, sql } from 'drizzle-orm';
import { checkouts, paymentAttempts } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { log } from '../../platform/log';
import { callbackUrl } from '../../rails/callback-address';
import { NOT_FOUND_AFTER_MS, roundsSince, scheduleStatusCheck } from '../../rails/status-checks';
import { writeThroughOutage } from '../../platform/db/through-outage';
import { promptRailNamed } from '../../rails';
import {
  PAYMENT_FAILURES,
  type CollectionStatus,
  type PaymentFailure,
  type PromptRail,
  type SubmitResult,
} from '../../rails/providers/types';
import { recordMobileMoneyResult } from '../rail-outcomes';
import { noteProviderAnswer } from './provider-notes';
import { fillReceipt, receiptOf, type CallbackReceipt } from './provider-receipts';
import { recordRailCall } from '../../rails/circuit';

/**
 * A mobile-money prompt, on any rail (the sandbox's, MTN MoMo's, M-Pesa's). The attempt and a `rail_request_payment` job are
 * written in the page's transaction; the job calls the provider. From then on the provider's word
 * is only ever taken from its status query: a callback (to the attempt's unguessable address) just
 * makes us ask now. Nothing is guessed: a refusal fails the attempt; a time-out, a 5xx or silence
 * leaves it open and `rail_check_payment` asks again on a backoff, for a day, past the page's own
 * time-out (a late success still credits the merchant and the page says so).
 */

type Attempt = typeof paymentAttempts.$inferSelect;

const OPEN = new Set(['processing', 'timeout', 'abandoned']);

async function loadAttempt(db: Db, attemptId: string) {
  const [found] = await db
    .select({ attempt: paymentAttempts, reference: checkouts.paymentReference, description: checkouts.description })
    .from(paymentAttempts)
    .innerJoin(checkouts, eq(checkouts.id, paymentAttempts.checkoutId))
    .where(eq(paymentAttempts.id, attemptId));
  return found;
}

const scheduleCheck = (db: Db, attemptId: string, round: number) => scheduleStatusCheck(db, { attemptId }, round);

/**
 * The job: sends the prompt and starts checking. A rail whose provider takes a repeat as the same
 * request (`resendIsSafe`) is sent it again by a run after a lost answer; any other (M-Pesa) only once,
 * marked before it leaves: a second STK push is a second prompt the customer could pay too.
 */
export async function sendLivePrompt(db: Db, attemptId: string): Promise<void> {
  const found = await loadAttempt(db, attemptId);
  if (!found || found.attempt.status !== 'processing' || found.attempt.providerReference) return;
  const { attempt } = found;
  const rail = promptRailNamed(attempt.provider);
  if (!rail) {
    await recordMobileMoneyResult(db, attempt.id, 'provider_error', {
      message: 'The mobile money provider is not configured',
    });
    return;
  }
  if (!(await markPromptSent(db, attempt.id, rail))) {
    // Sent by an earlier run that died or lost its answer: the callback to the attempt's address
    // brings the reference, and the checks carry on where that run's would be.
    log.warn('rail.prompt_not_repeated', { rail: rail.name, attempt_id: attempt.id });
    await scheduleCheck(db, attempt.id, roundsSince(attempt.promptSentAt ?? new Date()));
    return;
  }
  const answer = await rail.requestPayment({
    attemptId: attempt.id,
    amount: attempt.amount,
    currency: attempt.currencyCode,
    phone: attempt.phone!,
    reference: found.reference,
    description: found.description ?? found.reference,
    callbackUrl: callbackUrl(attempt.id),
  });
  log.info('rail.prompt', { rail: rail.name, attempt_id: attempt.id, answer: answer.kind });
  // The answer exists only here until it is written (M-Pesa names its push nowhere else but the callback).
  await writeThroughOutage(() => recordPromptAnswer(db, attempt.id, answer));
  await recordRailCall(db, rail.name, answer.kind !== 'unknown');
}

/** Marks the prompt sent, committed before it leaves; false when it went out before and may not again. */
async function markPromptSent(db: Db, attemptId: string, rail: PromptRail): Promise<boolean> {
  const [marked] = await db
    .update(paymentAttempts)
    .set({ promptSentAt: sql`coalesce(${paymentAttempts.promptSentAt}, now())` })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        eq(paymentAttempts.status, 'processing'),
        isNull(paymentAttempts.providerReference),
        rail.resendIsSafe ? undefined : isNull(paymentAttempts.promptSentAt),
      ),
    )
    .returning({ id: paymentAttempts.id });
  return marked !== undefined;
}

/** A refusal ends the attempt; an acceptance keeps the provider's reference; either way the checks start. Safe to repeat. */
async function recordPromptAnswer(db: Db, attemptId: string, answer: SubmitResult): Promise<void> {
  if (answer.kind === 'refused') {
    // A sure refusal ends the attempt at once, for the reason the adapter read from the provider's answer.
    await recordMobileMoneyResult(db, attemptId, refusalFailure(answer), {
      message: `The provider refused the prompt (${answer.code})`,
    });
    return;
  }
  await db.transaction(async (tx) => {
    if (answer.kind === 'accepted')
      await tx
        .update(paymentAttempts)
        .set({ providerReference: answer.providerReference, updatedAt: sql`now()` })
        .where(and(eq(paymentAttempts.id, attemptId), isNull(paymentAttempts.providerReference)));
    await scheduleCheck(tx, attemptId, 0);
  });
}

const FAILURES: ReadonlySet<string> = new Set(PAYMENT_FAILURES);

/** The failure a refusal carries; a code that is already one of our words keeps it; else provider_error. */
function refusalFailure(answer: Extract<SubmitResult, { kind: 'refused' }>): PaymentFailure {
  if (answer.failure) return answer.failure;
  return FAILURES.has(answer.code) ? (answer.code as PaymentFailure) : 'provider_error';
}

/**
 * The job, and a callback's effect: ask the provider, act on what it says, or ask again later.
 * `receipt`: what the callback that made us ask brought, recorded only with a success for its request.
 */
export async function checkLivePrompt(
  db: Db,
  attemptId: string,
  round: number,
  receipt?: CallbackReceipt,
): Promise<CollectionStatus['status']> {
  const found = await loadAttempt(db, attemptId);
  if (!found || !OPEN.has(found.attempt.status)) return 'unknown';
  const { attempt } = found;
  const rail = promptRailNamed(attempt.provider);
  // A rail that takes our attempt id as its reference can be asked even when its answer was lost.
  const providerReference = attempt.providerReference ?? (rail?.referenceIsOurs ? attempt.id : null);
  if (!rail || !providerReference) {
    await scheduleCheck(db, attempt.id, round + 1);
    return 'unknown';
  }
  const status = await rail.queryPayment({ attemptId: attempt.id, providerReference, amount: attempt.amount });
  await recordRailCall(db, rail.name, status.status !== 'unknown');
  await noteProviderAnswer(db, attempt.id, status.status);
  const confirmed = receipt?.providerReference === providerReference ? receipt.receipt : undefined;
  await act(db, rail, attempt, status, round, confirmed);
  return status.status;
}

async function act(
  db: Db,
  rail: PromptRail,
  attempt: Attempt,
  status: CollectionStatus,
  round: number,
  receipt: string | undefined,
) {
  switch (status.status) {
    case 'succeeded':
      if (status.currency !== attempt.currencyCode || status.amount !== attempt.amount) {
        // Never credit what was not asked for; an operator looks at it.
        log.error('rail.amount_mismatch', { rail: rail.name, attempt_id: attempt.id, currency: status.currency });
        return;
      }
      await recordMobileMoneyResult(db, attempt.id, 'success', {
        railReference: receipt ?? status.providerTransactionId,
      });
      return;
    case 'failed':
      await recordMobileMoneyResult(db, attempt.id, status.failure, { message: status.message });
      return;
    case 'not_found':
      if (Date.now() - attempt.createdAt.getTime() > NOT_FOUND_AFTER_MS) {
        await recordMobileMoneyResult(db, attempt.id, 'provider_error', {
          message: 'The provider never received the prompt',
        });
        return;
      }
      await scheduleCheck(db, attempt.id, round + 1);
      return;
    default:
      await scheduleCheck(db, attempt.id, round + 1);
  }
}

/**
 * A provider's callback to an attempt's address (already matched to the attempt). Its body is read
 * only for M-Pesa's reference when the push's own answer was lost, and for its receipt; then the
 * status query decides. A receipt for a payment the query settled before this callback came is
 * filled in afterwards, once (provider-receipts.ts).
 */
export async function onLiveCallback(db: Db, attemptId: string, body: unknown): Promise<CollectionStatus['status']> {
  const found = await loadAttempt(db, attemptId);
  if (!found) return 'unknown';
  const rail = promptRailNamed(found.attempt.provider);
  const hint = rail?.readCallback(body) ?? null;
  let providerReference = found.attempt.providerReference;
  if (hint && !providerReference) {
    const [adopted] = await db
      .update(paymentAttempts)
      .set({ providerReference: hint.providerReference, updatedAt: sql`now()` })
      .where(and(eq(paymentAttempts.id, attemptId), isNull(paymentAttempts.providerReference)))
      .returning({ providerReference: paymentAttempts.providerReference });
    providerReference = adopted?.providerReference ?? null;
  }
  const receipt = receiptOf(hint, { providerReference, amount: found.attempt.amount });
  const status = await checkLivePrompt(db, attemptId, 0, receipt);
  if (receipt) await fillReceipt(db, attemptId, receipt);
  return status;
}

/**
 * A callback to a provider's one fixed address (Airtel's), naming our attempt id: null when no attempt
 * of a rail that calls back there has that id, or its rail does not read the callback as about it
 * (a hash that does not check).
 */
export async function onFixedCallback(
  db: Db,
  attemptId: string,
  body: unknown,
): Promise<CollectionStatus['status'] | null> {
  const found = await loadAttempt(db, attemptId);
  const rail = found && promptRailNamed(found.attempt.provider);
  if (!rail?.fixedCallback || rail.readCallback(body)?.providerReference !== attemptId) return null;
  return onLiveCallback(db, attemptId, body);
}
