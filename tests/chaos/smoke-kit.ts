import http from 'node:http';
import net from 'node:net';
import { freePort } from '../../lib/platform/db/embedded';

/**
 * What the balancers' smoke tests share (haproxy-smoke.ts, nginx-smoke.ts): a check that prints and
 * counts, waiting, and a fake web instance that records what reaches it.
 */
export const cleanups: (() => unknown)[] = [];
export const outcome = { failed: 0 };
export const check = (name: string, ok: boolean, found: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${found}`);
  if (!ok) outcome.failed++;
};
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const since = (t: number) => Date.now() - t;

export async function waitFor(what: string, condition: () => Promise<boolean> | boolean, ms = 10_000): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (since(start) > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
  return since(start);
}

export const listen = (server: net.Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );

/** Sends until `n` answers, or until `until` says enough. */
export async function repeat<T>(n: number, send: () => Promise<T>, until = (_: T[]) => false): Promise<T[]> {
  const answers: T[] = [];
  while (answers.length < n && !until(answers)) answers.push(await send());
  return answers;
}

const spoofed = { 'x-balancer-error': 'backend-lost' };

/**
 * A web instance: /api/ready answers `ready`, /api/ping 200; anything else is recorded and answered
 * `status` with its name and the forwarded headers it got (unless told to die on a POST or to hang).
 */
export async function fakeWeb(name: string) {
  const port = await freePort();
  let server: http.Server | null = null;
  const state = { ready: 200, status: 200, dieOnPost: false, hangMs: 0, seen: [] as string[] };
  const web = {
    ...state,
    port,
    url: `http://127.0.0.1:${port}`,
    async start() {
      server = http.createServer((req, res) => {
        if (req.url === '/api/ready') return void res.writeHead(web.ready).end();
        // Liveness, for HAProxy's callbacks backend: a process that listens answers it.
        if (req.url === '/api/ping') return void res.writeHead(200).end();
        let bytes = 0;
        req.on('data', (chunk: Buffer) => (bytes += chunk.length));
        req.on('end', () => {
          web.seen.push(`${req.method} ${req.url}`);
          if (req.method === 'POST' && web.dieOnPost) return void req.socket.destroy();
          // ?spoof: the instance itself sends the balancer's header, which must not reach the client.
          const headers = { 'content-type': 'application/json', ...(req.url?.includes('spoof') && spoofed) };
          const { 'x-forwarded-for': xff, 'x-forwarded-proto': proto, host } = req.headers;
          const body = JSON.stringify({ backend: name, xff, proto, host, bytes });
          setTimeout(() => res.writeHead(web.status, headers).end(body), web.hangMs);
        });
      });
      await listen(server, port);
    },
    async kill() {
      server!.closeAllConnections();
      await new Promise((r) => server!.close(r));
    },
  };
  await web.start();
  cleanups.push(() => server?.listening && web.kill());
  return web;
}

/** Runs a smoke test's `main`, within `limitMs`; cleans up and exits 0 only when every check passed. */
export function runSmoke(main: () => Promise<void>, limitMs: number, last: () => void = () => {}) {
  const watchdog = setTimeout(() => {
    console.error(`FAIL watchdog: the smoke test took over ${limitMs / 1000} s`);
    last();
    process.exit(2);
  }, limitMs);
  const started = Date.now();
  main()
    .catch((error) => {
      outcome.failed++;
      console.error('FAIL', error);
    })
    .finally(async () => {
      for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
      last();
      clearTimeout(watchdog);
      const { failed } = outcome;
      console.log(`${failed ? `${failed} FAILED` : 'all passed'} in ${(since(started) / 1000).toFixed(1)} s`);
      process.exit(failed ? 1 : 0);
    });
}
