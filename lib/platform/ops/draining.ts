import dc from 'node:diagnostics_channel';
import type http from 'node:http';

/**
 * Draining: the last seconds of a web instance that is being stopped. `npm start` (scripts/start.ts),
 * told to stop, first sends the `next start` process it runs the message DRAIN_MESSAGE over their IPC
 * channel; from then on GET /api/ready answers 503 `draining` while every other request is still
 * served, so the balancer takes the instance out of rotation (HAProxy: two failed checks a second
 * apart) before Next stops accepting connections. Without that step, a request the balancer had
 * already sent into the instance's closing listener would be lost.
 *
 * While draining, every answer also closes its connection (`Connection: close`). Node's
 * `server.close()`, which Next calls on SIGTERM, closes only the kept-alive connections idle at that
 * moment: one with a request in flight stays open and goes on serving whatever comes next on it. A
 * client that talks to the instance directly and often enough (a metrics scraper every 2 s, in the
 * chaos bed) then held a stopping instance until `npm start` killed it, 25 s later.
 *
 * The flag lives on globalThis: Next bundles instrumentation.ts (which listens) apart from the route
 * handlers (which read), and each bundle would otherwise have its own copy of this module.
 */
export const DRAIN_MESSAGE = 'payments:drain';
/**
 * Then, just before SIGTERM: send what is still buffered (the spans), and answer FLUSHED_MESSAGE.
 * Next ends the process with process.exit once its listener has closed, which leaves no moment to
 * send anything after SIGTERM.
 */
export const FLUSH_MESSAGE = 'payments:flush';
export const FLUSHED_MESSAGE = 'payments:flushed';

const FLAG = Symbol.for('payments.draining');
type Holder = { [FLAG]?: boolean };

export function isDraining(): boolean {
  return (globalThis as Holder)[FLAG] === true;
}

export function startDraining(): void {
  if (isDraining()) return;
  (globalThis as Holder)[FLAG] = true;
  // Subscribed only now: a serving instance pays nothing for it. The channel is published before
  // any request listener runs (as server-edge.ts relies on too).
  dc.subscribe('http.server.request.start', closeAfterAnswer);
}

function closeAfterAnswer(message: unknown): void {
  const { response } = message as { response: http.ServerResponse };
  if (isDraining() && !response.headersSent) response.setHeader('connection', 'close');
}

/**
 * In the `next start` process: drain, and flush (`flush`: the tracer's), when the parent says so. No
 * channel (run on its own): nothing to do.
 */
export function listenForDrain(flush: () => Promise<void>): void {
  if (!process.send) return;
  process.on('message', (message) => {
    if (message === DRAIN_MESSAGE) startDraining();
    if (message === FLUSH_MESSAGE)
      void flush()
        .catch(() => {})
        // The parent may be gone already: a failed send means nobody waits.
        .then(() => process.send?.(FLUSHED_MESSAGE, () => {}));
  });
  // The channel must not keep the process alive on its own: Next decides when it exits.
  process.channel?.unref();
}
