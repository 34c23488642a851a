import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The load balancer in front of the web instances: round-robin over `backends`, like a real one.
 *
 * A backend that refuses the connection (killed, or still starting) is skipped and the request goes to
 * the next, which is safe because it never reached the first. A backend that dies after the request
 * was sent may or may not have acted on it, so it is not retried here: the client gets a 502 marked
 * `x-chaos-proxy: backend-lost` and retries with its Idempotency-Key, as a merchant's client would.
 */
export interface ChaosProxy {
  url: string;
  stop(): Promise<void>;
}

export const PROXY_HEADER = 'x-chaos-proxy';

export async function startProxy(backends: () => string[]): Promise<ChaosProxy> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const order = backends();
      const start = next++ % Math.max(order.length, 1);
      const tryBackend = (tried: number) => {
        if (tried >= order.length) return fail(res, 'no-backend');
        const target = new URL(req.url ?? '/', order[(start + tried) % order.length]);
        let connected = false;
        const upstream = http.request(
          target,
          {
            method: req.method,
            // A new connection each time: a refused connect is then surely a request never delivered.
            agent: false,
            headers: {
              ...req.headers,
              host: target.host,
              'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
              'content-length': String(body.length),
            },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            // The backend died halfway through its answer: cut the client's connection too.
            answer.on('error', () => res.destroy());
            answer.on('aborted', () => res.destroy());
          },
        );
        upstream.on('socket', (socket) => socket.once('connect', () => (connected = true)));
        upstream.on('error', () => {
          if (res.headersSent) return res.destroy();
          if (!connected) return tryBackend(tried + 1);
          fail(res, 'backend-lost');
        });
        upstream.end(body);
      };
      tryBackend(0);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function fail(res: http.ServerResponse, why: 'no-backend' | 'backend-lost') {
  res.writeHead(502, { 'content-type': 'text/plain', [PROXY_HEADER]: why, 'retry-after': '1' });
  res.end(`proxy: ${why}`);
}
