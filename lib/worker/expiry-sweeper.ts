import { getDb } from '../platform/db/client';
import { failureFields } from '../platform/db/unavailable';
import { log } from '../platform/log';
import { expireDueCheckouts } from '../checkout/expire-checkouts';

/** How often each worker looks for checkouts whose time ran out. */
export const EXPIRY_SWEEP_MS = 2_000;

/**
 * Checkouts expire by a sweep every two seconds in each worker, not by a job per checkout: the job
 * (graphile-worker's add_job, with its NOTIFY) was the costliest statement of creating a checkout
 * (bench/README.md), and the sweep reads committed rows, so nothing can be lost by a crash. The API
 * reads a checkout as expired the moment `expires_at` passes; the sweep only writes the state and
 * records `checkout.expired` for webhooks, within two seconds. Several workers sweeping at once is
 * safe: the state machine lets one of them expire a checkout, and the others are refused quietly.
 */
export function startExpirySweeper(): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    if (running) return;
    running = expireDueCheckouts(getDb())
      .catch((error: unknown) => log.warn('expiry sweep failed', failureFields(error)))
      .finally(() => (running = null));
  };
  const timer = setInterval(sweep, EXPIRY_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
