import type { Db } from '../../platform/db/client';
import { getDb } from '../../platform/db/client';
import { config } from '../../platform/config';
import { connectionFailure } from '../../platform/db/unavailable';
import { describeError, log } from '../../platform/log';
import { replaySpool, type ReplayOutcome } from '../../platform/ops/spool';
import { applyNotice, type ProviderNotice } from './callbacks';

/**
 * Provider notices kept on disk while the database could not be reached (callbacks.ts, `receive`),
 * applied once it can: each web instance tries every few seconds. A notice that can never apply (its
 * address no longer checks: the callback secret was rotated) is set aside in `failed/` and logged.
 */

const EVERY_MS = 5_000;

const KINDS = new Set(['mobile_money', 'payout', 'payout_status', 'airtel']);

function isNotice(entry: unknown): entry is ProviderNotice {
  return typeof entry === 'object' && entry !== null && KINDS.has((entry as { kind?: unknown }).kind as string);
}

async function applyKept(db: Db, entry: unknown): Promise<ReplayOutcome> {
  if (!isNotice(entry)) return 'failed';
  try {
    await applyNotice(db, entry);
    return 'applied';
  } catch (error) {
    if (connectionFailure(error)) return 'stop';
    log.error('rail.kept_callback_failed', { kind: entry.kind, ...describeError(error) });
    return 'failed';
  }
}

/** Applies the kept notices now; returns how many were applied. */
export async function replayNotices(db: Db): Promise<number> {
  const applied = await replaySpool(config().CALLBACK_SPOOL_DIR, (entry) => applyKept(db, entry));
  if (applied > 0) log.info('rail.kept_callbacks_applied', { count: applied });
  return applied;
}

/** Starts this process's replay loop (one pass at a time; it never keeps the process alive). */
export function startNoticeReplay(): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    replayNotices(getDb())
      .catch((error: unknown) => log.error('rail.kept_callbacks_replay_failed', describeError(error)))
      .finally(() => (running = false));
  }, EVERY_MS);
  timer.unref();
}
