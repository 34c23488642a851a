import { setTimeout as sleep } from 'node:timers/promises';
import { connectionFailure } from './unavailable';

/** Longer than a failover takes to accept writes again (docs/operations.md: 18-23 s in the chaos bed). */
const OUTAGE_MS = 60_000;

/**
 * Runs `write` again while the database cannot be reached or its connection broke, for up to a
 * minute; any other failure is thrown at once. For what exists only in this process's memory and
 * cannot be asked for again: a provider's answer to a request it acted on (M-Pesa names an STK push
 * only in that answer). `write` must be safe to repeat: a connection that broke under a COMMIT may
 * have committed it.
 */
export async function writeThroughOutage<T>(write: () => Promise<T>, outageMs = OUTAGE_MS): Promise<T> {
  const until = Date.now() + outageMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 4_000)) {
    try {
      return await write();
    } catch (error) {
      if (!connectionFailure(error) || Date.now() + pause > until) throw error;
      await sleep(pause);
    }
  }
}
