import type { ChildProcess } from 'node:child_process';
import { DRAIN_MESSAGE, FLUSH_MESSAGE, FLUSHED_MESSAGE } from '../../lib/platform/ops/draining';

/** How long the server may take to send its buffered spans before SIGTERM comes anyway (a collector away). */
const FLUSH_MS = 2_000;

/**
 * Stops the `next start` process without losing a request: first it is told to drain (its readiness
 * fails while it still serves, lib/platform/ops/draining.ts) for `drainMs`, long enough for the
 * balancer to stop sending it anything; then told to flush its traces (up to FLUSH_MS); then SIGTERM,
 * on which Next closes its listener and finishes the requests in flight; SIGKILL only if that takes
 * more than `graceMs`. Resolves with the exit code.
 */
export async function stopServer(
  server: ChildProcess,
  options: { drainMs: number; graceMs: number },
): Promise<number | null> {
  if (server.exitCode !== null || server.signalCode !== null) return server.exitCode;
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  if (options.drainMs > 0 && server.connected) {
    // A send that fails (the child is already going) only means there is nothing left to drain.
    server.send(DRAIN_MESSAGE, () => {});
    await settledWithin(options.drainMs, exited);
  }
  if (server.connected) await untilFlushed(server, exited);
  server.kill('SIGTERM');
  const late = setTimeout(() => {
    // Said in the unit's log: the requests still open then are cut.
    console.error(`next start had not exited ${options.graceMs / 1000} s after SIGTERM: SIGKILL`);
    server.kill('SIGKILL');
  }, options.graceMs);
  const code = await exited;
  clearTimeout(late);
  return code;
}

async function untilFlushed(server: ChildProcess, exited: Promise<unknown>): Promise<void> {
  let onMessage: ((message: unknown) => void) | undefined;
  const flushed = new Promise<void>((resolve) => {
    onMessage = (message) => {
      if (message === FLUSHED_MESSAGE) resolve();
    };
    server.on('message', onMessage);
  });
  server.send(FLUSH_MESSAGE, () => {});
  await settledWithin(FLUSH_MS, flushed, exited);
  server.off('message', onMessage!);
}

/** Until the first of `events` settles, or `ms` have passed. */
async function settledWithin(ms: number, ...events: Promise<unknown>[]): Promise<void> {
  let wait: NodeJS.Timeout | undefined;
  await Promise.race([...events, new Promise((r) => (wait = setTimeout(r, ms)))]);
  clearTimeout(wait);
}
