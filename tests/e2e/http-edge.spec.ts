import net from 'node:net';
import { baseUrl, expect, newMerchant, sql, test } from './support';

/**
 * What `next start` answers before (and instead of) Next's router, through the server edge
 * (lib/platform/http/server-edge.ts, installed by instrumentation.ts): every method on every /api route gets the
 * shared error shape, a trailing slash is served rather than redirected, and the per-address limits
 * count the TCP peer, not a header the client wrote.
 */
test.describe.configure({ mode: 'parallel' });

const CHECKOUTS = '/api/v1/merchants/checkouts';
const ORIGIN = 'https://shop.example';

/** Sends raw bytes and returns the whole answer (the connection is closed by the server or after 5 s). */
function rawRequest(text: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : null };
}

function expectErrorShape(body: any, code: string) {
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'request_id', 'status']);
  expect(body.status).toBe('error');
  expect(body.error.code).toBe(code);
  expect(Array.isArray(body.error.fields)).toBe(true);
}

test("methods Next cannot route answer 405 in the error shape, with the route's Allow", async ({ request }) => {
  for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'PURGE', 'SEARCH']) {
    const res = await request.fetch(`${baseUrl()}${CHECKOUTS}`, { method });
    expect(res.status(), method).toBe(405);
    expect(res.headers()['allow']).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    const body = await res.json();
    expectErrorShape(body, 'method_not_allowed');
    expect(body.request_id).toBe(res.headers()['x-request-id']);
  }
  const unknown = await request.fetch(`${baseUrl()}/api/v1/nothing-here`, { method: 'TRACE' });
  expect(unknown.status()).toBe(404);
  expectErrorShape(await unknown.json(), 'route_not_found');
  const page = await request.fetch(`${baseUrl()}/`, { method: 'TRACE' });
  expect(page.status()).toBe(405);
  expect(page.headers()['allow']).toBe('GET, HEAD');
});

test("methods Node's parser refuses, and CONNECT, get the same JSON answer on the socket", async () => {
  for (const [line, status, allow] of [
    ['FOO /api/ping HTTP/1.1', 405, 'GET, HEAD, OPTIONS'],
    ['get /api/v1/merchants/checkouts HTTP/1.1', 405, 'GET, HEAD, POST, OPTIONS'],
    ['FOO /api/nope HTTP/1.1', 404, undefined],
    ['CONNECT example.com:443 HTTP/1.1', 405, 'GET, HEAD'],
  ] as const) {
    const answer = parseRaw(await rawRequest(`${line}\r\nHost: 127.0.0.1\r\n\r\n`));
    expect(answer.status, line).toBe(status);
    expect(answer.headers['allow'], line).toBe(allow);
    expectErrorShape(answer.body, status === 404 ? 'route_not_found' : 'method_not_allowed');
  }
  // Other parser errors keep Node's own answer.
  expect(await rawRequest('GET /api/ping HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')).toMatch(
    /^HTTP\/1.1 400 Bad Request/,
  );
});

test("OPTIONS lists the route's methods; the checkout button's routes answer CORS preflights; HEAD works where GET does", async ({
  request,
}) => {
  const options = await request.fetch(`${baseUrl()}${CHECKOUTS}/00000000-0000-4000-8000-000000000000/cancel`, {
    method: 'OPTIONS',
  });
  expect(options.status()).toBe(204);
  expect(options.headers()['allow']).toBe('POST, OPTIONS');

  const preflight = await request.fetch(`${baseUrl()}/api/embed/v1/checkouts`, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()['access-control-allow-origin']).toBe(ORIGIN);

  const unknown = await request.fetch(`${baseUrl()}/api/nowhere`, { method: 'OPTIONS' });
  expect(unknown.status()).toBe(404);

  const head = await request.head(`${baseUrl()}/api/ping`);
  expect(head.status()).toBe(200);
  expect(await head.body()).toHaveLength(0);
  const headOnPost = await request.head(`${baseUrl()}${CHECKOUTS}/00000000-0000-4000-8000-000000000000/cancel`);
  expect(headOnPost.status()).toBe(405);
  expect(headOnPost.headers()['allow']).toBe('POST, OPTIONS');
});

test("a trailing slash on an API path is served, never redirected; pages keep Next's redirect", async ({ request }) => {
  const merchant = await newMerchant();
  const headers = { 'x-api-key': merchant.apiKey };
  const created = await request.post(`${baseUrl()}${CHECKOUTS}/`, {
    headers,
    data: { customer_email: 'ada@example.com', amount: 12.5, currency_code: 'GHS' },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(200);
  const id = (await created.json()).data.id;
  const listed = await request.get(`${baseUrl()}${CHECKOUTS}/?limit=5`, { headers, maxRedirects: 0 });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).data.map((c: { id: string }) => c.id)).toContain(id);
  const one = await request.get(`${baseUrl()}${CHECKOUTS}/${id}//`, { headers, maxRedirects: 0 });
  expect(one.status()).toBe(200);
  const doubled = await request.post(`${baseUrl()}//api/v1//merchants/checkouts/${id}/cancel`, {
    headers,
    maxRedirects: 0,
  });
  expect(doubled.status()).toBe(200);
  expect((await doubled.json()).data.status).toBe('cancelled');

  const page = await request.get(`${baseUrl()}/docs/`, { maxRedirects: 0 });
  expect(page.status()).toBe(308);
});

test('a path parameter that is not valid percent-encoding is a 422 naming it, not a 500', async ({ request }) => {
  const merchant = await newMerchant();
  const res = await request.get(`${baseUrl()}${CHECKOUTS}/%E0%A4%A`, { headers: { 'x-api-key': merchant.apiKey } });
  expect(res.status()).toBe(422);
  const body = await res.json();
  expectErrorShape(body, 'validation_error');
  expect(body.error.fields).toEqual([{ field: 'checkout_id', message: 'is not valid percent-encoded UTF-8' }]);
  const nowhere = await request.get(`${baseUrl()}/api/v1/merch%ZZants`);
  expect(nowhere.status()).toBe(404);
  // A page with such a segment is shown for that literal text (Next answered a plain 500).
  for (const path of ['/pay/%E0%A4%A', '/%E0%A4%A', '/docs/%ZZ']) {
    const page = await request.get(`${baseUrl()}${path}`, { maxRedirects: 0 });
    expect(page.status(), path).toBeLessThan(500);
  }
  const query = await request.get(`${baseUrl()}/api/ping?%ZZ=%E0%A4%A`);
  expect(query.status()).toBe(422);
});

test('a spoofed X-Forwarded-For from an untrusted peer does not change the rate-limit bucket', async ({ request }) => {
  const merchant = await newMerchant();
  const session = await request.post(`${baseUrl()}${CHECKOUTS}/embed-sessions`, {
    headers: { 'x-api-key': merchant.apiKey },
    data: { amount: 10, currency_code: 'GHS', allowed_origins: [ORIGIN] },
  });
  const token = (await session.json()).data.public_token;
  const hits = async (address: string) =>
    (
      await sql()`select coalesce(sum(hits), 0)::int as n from rate_limit_counters where bucket = ${`embed-ip-read:${address}`}`
    )[0]!.n as number;

  const before = await hits('127.0.0.1');
  for (const spoofed of ['198.51.100.71', '198.51.100.72']) {
    const res = await request.get(`${baseUrl()}/api/embed/v1/session`, {
      headers: {
        'x-embed-token': token,
        origin: ORIGIN,
        'x-forwarded-for': spoofed,
        'x-real-ip': spoofed,
        'x-payments-peer': `forged ${spoofed}`,
      },
    });
    expect(res.status()).toBe(200);
    expect(await hits(spoofed)).toBe(0);
  }
  // Other tests share this address: at least our two requests were counted on it.
  expect(await hits('127.0.0.1')).toBeGreaterThanOrEqual(before + 2);
});
