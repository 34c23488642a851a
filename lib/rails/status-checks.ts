import type { Db } from '../platform/db/client';
import { enqueueJob } from '../platform/jobs/queue';
import { log } from '../platform/log';

/**
 * How long we keep asking a provider about a live attempt or payout whose outcome we do not know:
 * 10 s, 20 s, 40 s… then hourly, about a day in all; then it is logged unresolved for an operator.
 */
export const CHECK_ROUNDS = 30;
const delaySeconds = (round: number) => Math.min(10 * 2 ** round, 3600);

/** The round a chain of checks started at `since` has reached by now (for answers that arrive by callback). */
export function roundsSince(since: Date): number {
  let elapsed = (Date.now() - since.getTime()) / 1000;
  let round = 0;
  while (round < CHECK_ROUNDS && elapsed >= delaySeconds(round)) elapsed -= delaySeconds(round++);
  return round;
}

/** A provider may not show a request it just accepted: "no such request" counts only after this. */
export const NOT_FOUND_AFTER_MS = 120_000;

type Subject = { attemptId: string } | { transactionId: string };

/** Enqueues the next status query (replacing any pending one), or gives up after CHECK_ROUNDS. */
export async function scheduleStatusCheck(db: Db, subject: Subject, round: number): Promise<void> {
  const runAt = new Date(Date.now() + delaySeconds(round) * 1000);
  if ('attemptId' in subject) {
    if (round >= CHECK_ROUNDS)
      return log.error('rail.attempt_unresolved', { attempt_id: subject.attemptId, rounds: round });
    const payload = { attempt_id: subject.attemptId, round };
    return enqueueJob(db, 'rail_check_payment', payload, { runAt, jobKey: `rail_check:${subject.attemptId}` });
  }
  if (round >= CHECK_ROUNDS)
    return log.error('rail.payout_unresolved', { transaction_id: subject.transactionId, rounds: round });
  const payload = { transaction_id: subject.transactionId, round };
  return enqueueJob(db, 'rail_check_payout', payload, { runAt, jobKey: `rail_check_payout:${subject.transactionId}` });
}
