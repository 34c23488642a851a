import fs from 'node:fs';
import type { ErrorCode } from '../../lib/platform/http/error-codes';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UUID } from '../support/shapes';
import { minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { caller, expectErrorShape, expectStatus, fieldErrors, type ErrorBody } from '../support/caller';
import { contract } from '../support/contract';
import { readinessUnavailableSchema } from '../../lib/platform/ops/contract';
import { startDraining } from '../../lib/platform/ops/draining';

const CHECKOUTS = '/api/v1/merchants/checkouts';
const MB = 1024 * 1024;

const sql = testSql();
let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
});

const checkoutCount = async () =>
  (await sql<{ n: number }[]>`select count(*)::int as n from checkouts where merchant_id = ${m.id}`)[0]!.n;

/** Every error: the shared shape, JSON, and request_id equal to the X-Request-Id header. */
function expectError<R extends { status: number; headers: Headers; text: string; body: unknown }>(
  res: R,
  status: number,
  code: ErrorCode,
): asserts res is R & { body: ErrorBody } {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expectErrorShape(res.body, code);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'request_id', 'status']);
  expect(Object.keys(res.body.error).sort()).toEqual(['code', 'doc_url', 'fields']);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
}

/** A valid checkout body padded (with a description that is too long) to exactly `bytes` bytes. */
function bodyOfSize(bytes: number): string {
  const empty = JSON.stringify({ ...minimalCheckout, description: '' });
  return JSON.stringify({ ...minimalCheckout, description: 'x'.repeat(bytes - empty.length) });
}

describe('request bodies', () => {
  it.each(['{"customer_email":', '{customer_email: "a"}', "{'a': 1}", '{"a":1}}', 'undefined', '{"a":1,}'])(
    'answers 400 malformed_json for %j',
    async (text) => {
      const res = await m.send(contract.createCheckout, {
        body: text,
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 400, 'malformed_json');
      expect(await checkoutCount()).toBe(0);
    },
  );

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'answers 415 unsupported_media_type for Content-Type %s',
    async (type) => {
      const res = await m.send(contract.createCheckout, {
        body: JSON.stringify(minimalCheckout),
        headers: { 'content-type': type },
      });
      expectError(res, 415, 'unsupported_media_type');
      expect(await checkoutCount()).toBe(0);
    },
  );

  it('accepts application/json with a charset', async () => {
    const res = await m.send(contract.createCheckout, {
      body: JSON.stringify(minimalCheckout),
      headers: {
        'content-type': 'application/json; charset=utf-8',
      },
    });
    expectStatus(res, 200);
  });

  it('answers 413 payload_too_large for a body over 1 MB (streamed, no Content-Length)', async () => {
    const before = await checkoutCount();
    const res = await m.send(contract.createCheckout, {
      body: bodyOfSize(MB + 1),
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 413, 'payload_too_large');
    expect(await checkoutCount()).toBe(before);
  });

  it('answers 413 from an honest Content-Length over 1 MB', async () => {
    const body = bodyOfSize(2 * MB);
    const res = await m.send(contract.createCheckout, {
      body,
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
    });
    expectError(res, 413, 'payload_too_large');
  });

  it('answers 413 even when Content-Length lies about a small body', async () => {
    const res = await m.send(contract.createCheckout, {
      body: bodyOfSize(MB + 1024),
      headers: {
        'content-type': 'application/json',
        'content-length': '100',
      },
    });
    expectError(res, 413, 'payload_too_large');
  });

  it('accepts a body of exactly 1 MB (it is then validated: 422 for the long description)', async () => {
    const body = bodyOfSize(MB);
    expect(Buffer.byteLength(body)).toBe(MB);
    const res = await m.send(contract.createCheckout, { body, headers: { 'content-type': 'application/json' } });
    expectError(res, 422, 'validation_error');
    expect(fieldErrors(res).map((f) => f.field)).toContain('description');
  });

  it('counts bytes, not characters', async () => {
    // 600k two-byte characters: under a million characters, over 1 MB.
    const res = await m.send(contract.createCheckout, {
      body: JSON.stringify({ ...minimalCheckout, description: 'é'.repeat(600_000) }),
      headers: {
        'content-type': 'application/json',
      },
    });
    expectError(res, 413, 'payload_too_large');
  });
});

describe('unknown routes and methods', () => {
  it.each([
    ['GET', '/api/whatever'],
    ['GET', '/api/v1/merchants/nope'],
    ['POST', '/api/v1/merchants/nope'],
    ['GET', '/api/nothing-here'],
    ['POST', '/api/v1/merchants/unknown'],
    ['GET', '/api/v1/merchants/checkouts/00000000-0000-4000-8000-000000000000/refund'],
    ['DELETE', '/api/v2/merchants/checkouts'],
    ['PUT', '/api/admin/v1/nope'],
    ['PATCH', '/api/v1'],
  ])('%s %s → 404 route_not_found', async (method, path) => {
    const res = await caller().raw(method, path, { headers: { 'x-api-key': m.apiKey } });
    expectError(res, 404, 'route_not_found');
    expect(res.body.error.fields).toEqual([]);
  });

  it('PATCH /api/v1/merchants/checkouts → 405 with Allow, in the shared shape', async () => {
    const res = await m.raw('PATCH', CHECKOUTS, { body: minimalCheckout });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it.each([
    ['PUT', CHECKOUTS, 'GET, HEAD, POST, OPTIONS'],
    ['DELETE', CHECKOUTS, 'GET, HEAD, POST, OPTIONS'],
    ['POST', `${CHECKOUTS}/00000000-0000-4000-8000-000000000000`, 'GET, HEAD, OPTIONS'],
    ['DELETE', `${CHECKOUTS}/00000000-0000-4000-8000-000000000000`, 'GET, HEAD, OPTIONS'],
    ['GET', `${CHECKOUTS}/00000000-0000-4000-8000-000000000000/cancel`, 'POST, OPTIONS'],
    ['POST', '/api/health', 'GET, HEAD, OPTIONS'],
    ['POST', '/api/ready', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/api/ping', 'GET, HEAD, OPTIONS'],
  ])('%s %s → 405 (Allow: %s)', async (method, path, allow) => {
    const res = await caller().raw(method, path, { headers: { 'x-api-key': m.apiKey } });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe(allow);
  });

  it('a 405 is answered without credentials too', async () => {
    const res = await caller().raw('PATCH', CHECKOUTS);
    expectError(res, 405, 'method_not_allowed');
  });
});

describe('request ids', () => {
  it('every response carries an X-Request-Id; errors repeat it as request_id', async () => {
    const ok = await m.call(contract.listCheckouts);
    expect(ok.headers.get('x-request-id')).toMatch(UUID);
    const err = await m.call(contract.getCheckout, { params: { checkout_id: 'nope' } });
    expectError(err, 422, 'validation_error');
    expect(err.body.request_id).toMatch(UUID);
    expect(err.body.request_id).not.toBe(ok.headers.get('x-request-id'));
  });

  it.each(['req-12345678', 'trace:abc.DEF_123-456', 'x'.repeat(128)])(
    'keeps a valid incoming X-Request-Id %s',
    async (id) => {
      const ok = await m.call(contract.listCheckouts, { headers: { 'x-request-id': id } });
      expect(ok.headers.get('x-request-id')).toBe(id);
      const err = await m.send(contract.createCheckout, {
        body: '{',
        headers: { 'x-request-id': id, 'content-type': 'application/json' },
      });
      expectError(err, 400, 'malformed_json');
      expect(err.body.request_id).toBe(id);
    },
  );

  it.each(['short', 'x'.repeat(129), 'has spaces in it', '<script>alert(1)</script>', 'ok-id-but;semicolon'])(
    'replaces an unsafe incoming X-Request-Id %j',
    async (id) => {
      const res = await caller().raw('GET', '/api/nothing', { headers: { 'x-request-id': id } });
      expectError(res, 404, 'route_not_found');
      expect(res.body.request_id).not.toBe(id);
      expect(res.body.request_id).toMatch(UUID);
    },
  );
});

describe('error bodies reveal nothing internal', () => {
  it('an unauthenticated call is a 401 in the shared shape', async () => {
    const res = await caller().call(contract.listCheckouts);
    expectError(res, 401, 'missing_api_key');
  });

  it('error responses are not cacheable', async () => {
    const res = await caller().raw('GET', '/api/nothing');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('health', () => {
  it('GET /api/health reports the database up (and no worker running: degraded, still 200)', async () => {
    const res = await caller().call(contract.getHealth);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.database.status).toBe('up');
    expect(typeof res.body.data.database.latency_ms).toBe('number');
    expect(res.body.data.worker.status).toBe('down');
    expect(res.body.data.status).toBe('degraded');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('reports ok once a worker has beaten recently', async () => {
    await sql`insert into worker_heartbeats (worker_id) values ('test-worker')`;
    try {
      const res = await caller().call(contract.getHealth);
      expectStatus(res, 200);
      expect(res.body.data.status).toBe('ok');
      expect(res.body.data.worker).toMatchObject({ status: 'up', live_workers: 1 });
      expect(res.body.data.worker.last_heartbeat_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    } finally {
      await sql`delete from worker_heartbeats where worker_id = 'test-worker'`;
    }
  });

  it('GET /api/ping answers pong without credentials', async () => {
    const res = await caller().call(contract.ping);
    expectStatus(res, 200);
    expect(res.body).toEqual({ status: 'success', message: 'pong', data: {} });
  });

  it('health and ping refuse unknown query parameters like every route', async () => {
    const res = await caller().send(contract.ping, { query: 'verbose=1' });
    expectError(res, 422, 'validation_error');
  });
});

describe('readiness', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };

  it('GET /api/ready: 200 when the database has every migration this build ships', async () => {
    const res = await caller().call(contract.getReadiness);
    expectStatus(res, 200);
    expect(res.body.data).toEqual({
      status: 'ready',
      database: { status: 'up' },
      migrations: {
        shipped: journal.entries.length,
        applied: journal.entries.length,
        latest: journal.entries.at(-1)!.tag,
      },
    });
  });

  it('503 migrations_pending while the newest migration is not applied', async () => {
    const [newest] = await sql<
      { id: number; hash: string; created_at: string }[]
    >`select * from drizzle.__drizzle_migrations order by created_at desc limit 1`;
    await sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`;
    try {
      const res = await caller().raw('GET', contract.getReadiness.path);
      expectStatus(res, 503);
      // Not the Error shape: the report, as the contract's 503 documents it.
      expect(readinessUnavailableSchema.parse(res.body).data).toMatchObject({
        status: 'migrations_pending',
        migrations: { applied: journal.entries.length - 1 },
      });
    } finally {
      await sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`;
    }
    expect((await caller().call(contract.getReadiness)).status).toBe(200);
  });

  it('503 draining once the instance is being stopped, while every other request is still served', async () => {
    startDraining();
    try {
      const res = await caller().raw('GET', contract.getReadiness.path);
      expectStatus(res, 503);
      expect(readinessUnavailableSchema.parse(res.body).data).toEqual({
        status: 'draining',
        database: null,
        migrations: null,
      });
      // Work the balancer already sent is done: a merchant's write still succeeds.
      const created = await m.call(contract.createCheckout, { body: minimalCheckout });
      expectStatus(created, 200);
      expect((await caller().call(contract.ping)).status).toBe(200);
    } finally {
      // The flag only ever goes one way in a server; the test puts this process back.
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('payments.draining')];
    }
    expect((await caller().call(contract.getReadiness)).status).toBe(200);
  });
});
