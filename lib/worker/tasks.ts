import type { Task, TaskList } from 'graphile-worker';
import { getDb } from '../platform/db/client';
import { expireCheckout } from '../checkout/expire-checkouts';
import { purgeExpiredIdempotencyKeys } from '../access/idempotency';
import { timeOutAttempt, timeOutDueAttempts } from '../collections/rail-outcomes';
import { purgeRateLimitCounters } from '../access/rate-limit/limit';
import { runSettlement } from '../books/settlement/run-settlement';
import { pickUpPayout } from '../money-out/progress';
import type { JobPayloads } from '../platform/jobs/queue';
import { checkLivePrompt, sendLivePrompt } from '../collections/live/mobile-money';
import { answerSandboxPrompt } from '../collections/sandbox/answers';
import { answerSandboxPayout } from '../money-out/sandbox-answers';
import { sweepTransfers } from '../collections/live/transfer-sweep';
import { checkLivePayout, sendLivePayout } from '../money-out/live-payouts';
import { sendQueuedMail } from '../platform/mail/outbox';
import { mailForEvent } from '../merchants/mail/event-mail';
import { inJobSpan } from '../platform/tracing/spans';

const task =
  <N extends keyof JobPayloads>(run: (payload: JobPayloads[N]) => Promise<unknown>): Task =>
  async (payload) => {
    await run(payload as JobPayloads[N]);
  };

/** Every task the worker runs. One-off jobs are enqueued by domain verbs (lib/platform/jobs/queue.ts). */
const tasks: Record<string, Task> = {
  // Checkouts expire by the worker's sweep (expiry-sweeper.ts); this serves jobs queued by versions before it.
  expire_checkout: task<'expire_checkout'>((p) => expireCheckout(getDb(), p.checkout_id)),
  time_out_payment_attempt: task<'time_out_payment_attempt'>((p) => timeOutAttempt(getDb(), p.attempt_id)),
  // The sandbox provider's simulated customer and bank answering, then calling back.
  sandbox_mobile_money_outcome: task<'sandbox_mobile_money_outcome'>((p) =>
    answerSandboxPrompt(getDb(), p.attempt_id, p.outcome),
  ),
  rail_request_payment: task<'rail_request_payment'>((p) => sendLivePrompt(getDb(), p.attempt_id)),
  rail_check_payment: task<'rail_check_payment'>((p) => checkLivePrompt(getDb(), p.attempt_id, p.round)),
  pick_up_payout: task<'pick_up_payout'>((p) => pickUpPayout(getDb(), p.transaction_id)),
  rail_send_payout: task<'rail_send_payout'>((p) => sendLivePayout(getDb(), p.transaction_id)),
  rail_check_payout: task<'rail_check_payout'>((p) => checkLivePayout(getDb(), p.transaction_id, p.round)),
  sandbox_payout_outcome: task<'sandbox_payout_outcome'>((p) =>
    answerSandboxPayout(getDb(), p.transaction_id, p.outcome),
  ),
  send_mail: task<'send_mail'>((p) => sendQueuedMail(getDb(), p.mail_id)),
  // The customer's and the team's mails about a money event (lib/merchants/mail/event-mail.ts).
  mail_for_event: task<'mail_for_event'>((p) => mailForEvent(getDb(), p.event_id)),
  // Safety nets and housekeeping, run by cron.
  sweep_payment_attempt_timeouts: async () => {
    await timeOutDueAttempts(getDb());
  },
  purge_rate_limit_counters: async () => {
    await purgeRateLimitCounters(getDb());
  },
  run_settlement: async () => {
    await runSettlement(getDb());
  },
  purge_idempotency_keys: async () => {
    await purgeExpiredIdempotencyKeys(getDb());
  },
  sweep_transfers: async () => {
    await sweepTransfers(getDb());
  },
};

/** The tasks as the worker runs them: each job in its span, continuing its enqueuer's trace. */
export const taskList: TaskList = Object.fromEntries(
  Object.entries(tasks).map(([name, run]): [string, Task] => [
    name,
    (payload, helpers) =>
      inJobSpan(name, payload, { 'job.id': helpers.job.id, 'job.attempt': helpers.job.attempts }, (clean) =>
        Promise.resolve(run(clean, helpers)),
      ),
  ]),
);

export const crontab = [
  '* * * * * sweep_payment_attempt_timeouts ?max=1',
  '*/10 * * * * purge_rate_limit_counters ?max=1',
  '17 * * * * purge_idempotency_keys ?max=1',
  // Deposits become due one SETTLEMENT_DELAY_MINUTES after payment; a run every 10 minutes picks them up.
  '*/10 * * * * run_settlement ?max=1',
  // Bank transfers whose payment notice may have been lost: asked of their rail (transfer-sweep.ts).
  '*/5 * * * * sweep_transfers ?max=1',
].join('\n');
