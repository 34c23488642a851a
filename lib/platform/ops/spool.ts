import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config';

/**
 * A directory of entries kept on this machine's disk while the database cannot take them: each one
 * a JSON file, written under a temporary name, synced, then renamed into place (so a crash leaves it
 * whole or absent), readable by this service's user only. `replay` applies them oldest first and
 * removes each one applied. Several processes may share the directory: an entry may then be applied
 * twice, so what is kept must be safe to apply again.
 */

/** Beyond this many waiting entries nothing more is kept: the disk is not a queue for an endless outage. */
export const SPOOL_LIMIT = 10_000;
/** A provider's callback is a few hundred bytes; this bounds what an endless outage can take (160 MB). */
export const SPOOL_ENTRY_MAX_BYTES = 16 * 1024;
const FAILED = 'failed';

export class SpoolFullError extends Error {
  constructor(dir: string) {
    super(`The spool ${dir} holds ${SPOOL_LIMIT} entries already`);
    this.name = 'SpoolFullError';
  }
}

async function waiting(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Keeps `entry` durably; resolves once it is on disk. */
export async function keepInSpool(dir: string, entry: unknown): Promise<void> {
  const text = JSON.stringify(entry);
  if (Buffer.byteLength(text) > SPOOL_ENTRY_MAX_BYTES)
    throw new Error(`A spool entry is ${SPOOL_ENTRY_MAX_BYTES} bytes at most`);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if ((await waiting(dir)).length >= SPOOL_LIMIT) throw new SpoolFullError(dir);
  // Names sort by arrival: the time, zero-padded, then a random part against collisions.
  const name = `${String(Date.now()).padStart(15, '0')}-${crypto.randomUUID()}`;
  const temporary = path.join(dir, `.${name}.tmp`);
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, path.join(dir, `${name}.json`));
  await syncDirectory(dir);
}

export type ReplayOutcome = 'applied' | 'later' | 'stop' | 'failed';

/**
 * Applies the waiting entries oldest first. `apply` answers `applied` (the entry is removed), `later`
 * (it stays for the next pass), `stop` (the database is still away: this one and the rest wait for
 * the next pass) or `failed` (it can never apply: moved to `failed/` for an operator). Returns how
 * many were applied.
 */
export async function replaySpool(
  dir: string,
  apply: (entry: unknown, name: string) => Promise<ReplayOutcome>,
): Promise<number> {
  let applied = 0;
  for (const name of await waiting(dir)) {
    const file = path.join(dir, name);
    let entry: unknown;
    try {
      entry = JSON.parse(await fs.readFile(file, 'utf8'));
    } catch (error) {
      // Another process applied and removed it meanwhile.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      entry = undefined;
    }
    const outcome = entry === undefined ? 'failed' : await apply(entry, name);
    if (outcome === 'stop') break;
    if (outcome === 'later') continue;
    if (outcome === 'applied') {
      applied++;
      await fs.rm(file, { force: true });
    } else {
      await fs.mkdir(path.join(dir, FAILED), { recursive: true, mode: 0o700 });
      await fs.rename(file, path.join(dir, FAILED, name)).catch(() => {});
    }
  }
  return applied;
}

/** How many entries wait, the oldest's age in seconds, and how many were set aside (for the metrics scrape). */
export async function spoolBacklog(dir: string): Promise<{ waiting: number; oldestSeconds: number; failed: number }> {
  const names = await waiting(dir);
  const failed = (await waiting(path.join(dir, FAILED))).length;
  // An empty spool has no age: measuring "now minus now" across the await above read as 1 ms.
  const oldestSeconds = names[0] ? Math.max(0, (Date.now() - Number(names[0].slice(0, 15))) / 1000) : 0;
  return { waiting: names.length, oldestSeconds, failed };
}

/**
 * Where this machine keeps providers' callbacks: CALLBACK_SPOOL_DIR; unset, the directory systemd
 * gives the unit (`StateDirectory=`, in STATE_DIRECTORY), else `.data/` of the working directory.
 */
export function callbackSpoolDir(): string {
  const state = process.env.STATE_DIRECTORY?.split(':')[0];
  return path.resolve(config().CALLBACK_SPOOL_DIR ?? path.join(state || '.data', 'callback-spool'));
}
