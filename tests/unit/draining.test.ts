import http from 'node:http';
import type net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { isDraining, startDraining } from '../../lib/platform/ops/draining';

/**
 * A kept-alive client that asks every 100 ms (a metrics scraper, faster) must not hold a draining
 * server open: Node's server.close() closes only the connections idle at that moment, and one with a
 * request in flight would otherwise go on serving. Each test file runs in its own worker, so the
 * draining this file starts ends with it.
 */
describe('draining: every answer closes its connection', () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => agent.destroy());

  async function slowServer() {
    const server = http.createServer((_req, res) => setTimeout(() => res.end('ok'), 150));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as net.AddressInfo).port };
  }

  const ask = (port: number) =>
    new Promise<{ connection: string | undefined } | null>((resolve) =>
      http
        .get({ host: '127.0.0.1', port, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ connection: res.headers.connection }));
        })
        .on('error', () => resolve(null)),
    );

  it('before draining, answers keep the connection; once draining, they close it and close() completes', async () => {
    const { server, port } = await slowServer();
    expect((await ask(port))?.connection).toBe('keep-alive');

    let stopped = false;
    const answers: ({ connection: string | undefined } | null)[] = [];
    const scraper = (async () => {
      while (!stopped && answers.length < 100) {
        answers.push(await ask(port));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    // Draining begins with a request in flight, and the server is closed while one is in flight.
    await new Promise((r) => setTimeout(r, 60));
    startDraining();
    expect(isDraining()).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const closing = Date.now();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const closedIn = Date.now() - closing;
    stopped = true;
    await scraper;

    // Without the header, close() waits as long as the scraper asks (the test times out).
    expect(closedIn).toBeLessThan(1_000);
    const whileDraining = answers.slice(1).filter((a) => a !== null);
    expect(whileDraining.length).toBeGreaterThan(0);
    expect(whileDraining.every((a) => a.connection === 'close')).toBe(true);
  });
});
