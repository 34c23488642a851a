import type { Task, TaskList } from 'graphile-worker';
import { getDb } from '../db/client';
import { expireCheckout, expireDueCheckouts } from '../checkouts/expire-checkouts';
import { purgeExpiredIdempotencyKeys } from '../idempotency/with-idempotency';
import type { JobPayloads } from './enqueue';

const task =
  <N extends keyof JobPayloads>(run: (payload: JobPayloads[N]) => Promise<unknown>): Task =>
  async (payload) => {
    await run(payload as JobPayloads[N]);
  };

/** Every task the worker runs. One-off jobs are enqueued by domain verbs (lib/jobs/enqueue.ts). */
export const taskList: TaskList = {
  expire_checkout: task<'expire_checkout'>((p) => expireCheckout(getDb(), p.checkout_id)),
  // Safety nets and housekeeping, run by cron.
  sweep_expired_checkouts: async () => {
    await expireDueCheckouts(getDb());
  },
  purge_idempotency_keys: async () => {
    await purgeExpiredIdempotencyKeys(getDb());
  },
};

export const crontab = [
  '* * * * * sweep_expired_checkouts ?max=1',
  '17 * * * * purge_idempotency_keys ?max=1',
].join('\n');
