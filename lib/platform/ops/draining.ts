/**
 * Draining: the last seconds of a web instance that is being stopped. `npm start` (scripts/start.ts),
 * told to stop, first sends the `next start` process it runs the message DRAIN_MESSAGE over their IPC
 * channel; from then on GET /api/ready answers 503 `draining` while every other request is still
 * served, so the balancer takes the instance out of rotation (HAProxy: two failed checks a second
 * apart) before Next stops accepting connections. Without that step, a request the balancer had
 * already sent into the instance's closing listener would be lost.
 *
 * The flag lives on globalThis: Next bundles instrumentation.ts (which listens) apart from the route
 * handlers (which read), and each bundle would otherwise have its own copy of this module.
 */
export const DRAIN_MESSAGE = 'payments:drain';

const FLAG = Symbol.for('payments.draining');
type Holder = { [FLAG]?: boolean };

export function isDraining(): boolean {
  return (globalThis as Holder)[FLAG] === true;
}

export function startDraining(): void {
  (globalThis as Holder)[FLAG] = true;
}

/** In the `next start` process: drain when the parent says so. No channel (run on its own): nothing to do. */
export function listenForDrain(): void {
  if (!process.send) return;
  process.on('message', (message) => {
    if (message === DRAIN_MESSAGE) startDraining();
  });
  // The channel must not keep the process alive on its own: Next decides when it exits.
  process.channel?.unref();
}
