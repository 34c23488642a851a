import fs from 'node:fs/promises';
import type { Db } from '../../platform/db/client';
import { getDb } from '../../platform/db/client';
import { ApiError } from '../../platform/http/errors';
import { connectionFailure } from '../../platform/db/unavailable';
import { describeError, log } from '../../platform/log';
import { callbackSpoolDir, replaySpool, type ReplayOutcome } from '../../platform/ops/spool';
import { applyNotice, type ProviderNotice } from './callbacks';

/**
 * Provider notices kept on disk while the database could not be reached (callbacks.ts, `receive`),
 * applied once it can: each web instance tries every few seconds. A notice that can never apply (its
 * address no longer checks: the callback secret was rotated), or failed five passes for another
 * reason than the connection, is set aside in `failed/` and logged. A payout's callback whose first
 * half was recorded before the outage applies nothing more here; its status checks settle it.
 */

const EVERY_MS = 5_000;

const KINDS = new Set(['mobile_money', 'payout', 'payout_status']);
/** Passes an entry may fail for another reason than the connection (a deadlock, a provider's bad answer) before it is set aside. */
const TRIES = 5;
const failures = new Map<string, number>();

function isNotice(entry: unknown): entry is ProviderNotice {
  return typeof entry === 'object' && entry !== null && KINDS.has((entry as { kind?: unknown }).kind as string);
}

async function applyKept(db: Db, name: string, entry: unknown): Promise<ReplayOutcome> {
  if (!isNotice(entry)) return 'failed';
  try {
    await applyNotice(db, entry);
    failures.delete(name);
    return 'applied';
  } catch (error) {
    if (connectionFailure(error)) return 'stop';
    const tries = (failures.get(name) ?? 0) + 1;
    log.error('rail.kept_callback_failed', { kind: entry.kind, tries, ...describeError(error) });
    if (tries < TRIES && !(error instanceof ApiError)) {
      failures.set(name, tries);
      return 'later';
    }
    failures.delete(name);
    return 'failed';
  }
}

/** Applies the kept notices now; returns how many were applied. */
export async function replayNotices(db: Db): Promise<number> {
  const applied = await replaySpool(callbackSpoolDir(), (entry, name) => applyKept(db, name, entry));
  if (applied > 0) log.info('rail.kept_callbacks_applied', { count: applied });
  return applied;
}

/** Starts this process's replay loop (one pass at a time; it never keeps the process alive). */
export function startNoticeReplay(): void {
  const dir = callbackSpoolDir();
  // Said at the start, not first found during an outage (a directory the unit cannot write).
  void fs
    .mkdir(dir, { recursive: true, mode: 0o700 })
    .then(() => fs.access(dir, fs.constants.W_OK))
    .catch((error: unknown) => log.error('rail.callback_spool_unwritable', { dir, ...describeError(error) }));
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
