import http from 'node:http';
import net from 'node:net';
import { startSecondServer } from './second-server';
import { baseUrl, expect, newMerchant, test } from './support';

/**
 * What `next start` refuses before Next's router (lib/platform/http/page-guard.ts, through the server
 * edge), each as a short plain-text answer, never a 500: pages asked for under a Host the service is
 * not configured for (DNS rebinding), server actions posted from another origin or too large; and the
 * dev mailbox, which answers only on the embedded development database, to this machine, under a
 * configured Host.
 */
test.describe.configure({ mode: 'parallel' });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request with exactly these headers (Host included) to `base`'s port on 127.0.0.1. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
  base = baseUrl(),
): Promise<Answer> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: Number(port), method, path, headers, agent: false, timeout: 20_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.end(body);
  });
}

/** Raw bytes to the server; the whole answer as text. */
function raw(text: string): Promise<string> {
  const { port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const servedHost = () => new URL(baseUrl()).host;
const REBOUND = () => `rebound.example:${new URL(baseUrl()).port}`;

function expectRefusal(answer: Answer, status: number, says: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.text).toMatch(says);
}

test.describe('a Host the service is not configured for (DNS rebinding)', () => {
  test('every page and /api/auth answer 421, in plain words', async () => {
    for (const path of [
      '/',
      '/sign-in',
      '/dashboard/test',
      '/dev/mailbox',
      '/pay/PAY-REBOUND',
      '/docs',
      '/api/auth/get-session',
    ]) {
      const answer = await send('GET', path, { host: REBOUND() });
      expectRefusal(answer, 421, /does not serve the host name/);
    }
    const head = await send('HEAD', '/sign-in', { host: 'LOCALHOST' });
    expect(head.status).toBe(421);
    expect(head.text).toBe('');
    // HTTP/1.0 may leave Host out: no host is not a served one.
    expect(await raw('GET /sign-in HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1.1 421 /);
  });

  test('the configured host is served', async () => {
    expect((await send('GET', '/sign-in', { host: servedHost() })).status).toBe(200);
    expect((await send('GET', '/api/auth/get-session', { host: servedHost() })).status).toBe(200);
  });

  test('the JSON APIs, health, readiness and ping answer any Host (load balancers probe by IP)', async () => {
    for (const path of ['/api/health', '/api/ready', '/api/ping']) {
      expect((await send('GET', path, { host: '10.20.30.40' })).status, path).toBe(200);
    }
    const merchant = await newMerchant();
    const list = await send('GET', '/api/v1/merchants/checkouts?limit=1', {
      host: REBOUND(),
      'x-api-key': merchant.apiKey,
    });
    expect(list.status).toBe(200);
  });
});

/** A small multipart form, as a browser posts a server action without JavaScript. */
function form(size = 0): { body: Buffer; type: string } {
  const boundary = '----edgeRefusals7MA4YWxkTrZu0gW';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@example.com${'x'.repeat(size)}\r\n--${boundary}--\r\n`,
  );
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

test.describe('server actions Next would answer with a 500', () => {
  test('posted from another origin: 403, as a form or as a fetch action', async () => {
    const { body, type } = form();
    for (const origin of ['https://evil.example', 'null']) {
      const page = await send('POST', '/sign-in', { host: servedHost(), origin, 'content-type': type }, body);
      expectRefusal(page, 403, /sent from another site/);
    }
    const fetchAction = await send(
      'POST',
      '/dashboard/test',
      {
        host: servedHost(),
        origin: 'https://evil.example',
        'next-action': '7f'.repeat(21),
        'content-type': 'text/plain;charset=UTF-8',
      },
      '[]',
    );
    expectRefusal(fetchAction, 403, /sent from another site/);
  });

  test('of 3 MB: 413; of no stated size (chunked): 411', async () => {
    const { body, type } = form(3 * 1024 * 1024);
    const big = await send('POST', '/sign-in', { host: servedHost(), origin: baseUrl(), 'content-type': type }, body);
    expectRefusal(big, 413, /too large: at most 1 MB/);
    const chunked = await raw(
      `POST /sign-in HTTP/1.1\r\nHost: ${servedHost()}\r\nOrigin: ${baseUrl()}\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\nhi\r\n0\r\n\r\n`,
    );
    expect(chunked).toMatch(/^HTTP\/1.1 411 /);
  });

  test('a form of this origin, within the limit, still reaches Next', async () => {
    const { body, type } = form(100_000);
    const answer = await send(
      'POST',
      '/sign-in',
      { host: servedHost(), origin: baseUrl(), 'content-type': type },
      body,
    );
    expect(answer.status).toBeLessThan(500);
    expect([403, 411, 413, 421]).not.toContain(answer.status);
  });
});

test.describe('the dev mailbox', () => {
  test('on the embedded database, to this machine, under the configured host: shown', async () => {
    const answer = await send('GET', '/dev/mailbox', { host: servedHost() });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Dev mailbox');
  });

  test('with DATABASE_URL set by hand (DATABASE_EMBEDDED false): a plain 404, on the same database', async () => {
    const other = await startSecondServer({ env: { DATABASE_EMBEDDED: 'false' } });
    try {
      const answer = await send('GET', '/dev/mailbox', { host: new URL(other.url).host }, undefined, other.url);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('/api/auth/reset-password/');
      // The server itself is up and serving its pages.
      expect((await send('GET', '/sign-in', { host: new URL(other.url).host }, undefined, other.url)).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});
