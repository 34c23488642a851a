import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { admin, minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { resetConfigForTests } from '../../lib/platform/config';
import { getDb, openDatabase } from '../../lib/platform/db/client';
import { apiKeyCounter, API_KEY_SETTLE_MS, limitApiKey } from '../../lib/access/rate-limit/api-key-limit';
import { SharedWindowCounter } from '../../lib/access/rate-limit/shared-counter';
import { caller, expectErrorShape, expectStatus, type Caller } from '../support/caller';
import { contract } from '../support/contract';
import { type RawAnswer } from '../support/api';

/**
 * The merchant API's per-key rate limit (lib/access/rate-limit/api-key-limit.ts): a fixed window of a
 * minute per API key, counted in PostgreSQL, announced on every response by the IETF draft's
 * RateLimit-Policy and RateLimit headers.
 */
const sql = testSql();
const CHECKOUTS = '/api/v1/merchants/checkouts';
function withLimit(limit: number) {
  process.env.API_KEY_RATE_LIMIT_PER_MINUTE = String(limit);
  resetConfigForTests();
}
afterEach(() => {
  delete process.env.API_KEY_RATE_LIMIT_PER_MINUTE;
  resetConfigForTests();
});

/** Windows are whole minutes: a test that counts starts at least 8 s before its window ends. */
async function awayFromWindowEdge() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8_000) await new Promise((r) => setTimeout(r, left + 250));
}

/** The RateLimit header's fields: `"api-key";r=<remaining>;t=<seconds>`. */
function rateLimitOf(res: RawAnswer): { r: number; t: number } {
  const value = res.headers.get('ratelimit');
  const match = /^"api-key";r=(\d+);t=(\d+)$/.exec(value ?? '');
  if (!match) throw new Error(`no RateLimit header of the expected form: ${value} (status ${res.status}: ${res.text})`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

const secondsToWindowEnd = () => Math.ceil((60_000 - (Date.now() % 60_000)) / 1000);

/** The key's hits in the shared row, once this process has settled what it counted. */
async function hitsOf(keyId: string, settle = true): Promise<number> {
  if (settle) await apiKeyCounter.settle(getDb());
  const rows =
    await sql`select coalesce(sum(hits), 0)::int as hits from rate_limit_counters where bucket = ${`api-key:${keyId}`}`;
  return rows[0]!.hits as number;
}

async function checkoutCount(merchantId: string): Promise<number> {
  const [row] = await sql`select count(*)::int as n from checkouts where merchant_id = ${merchantId}`;
  return row!.n as number;
}

/** A second key of the same merchant, issued by the operator (so it costs the first key nothing). */
async function secondKey(m: Merchant) {
  const issued = await admin().call(contract.createMerchantApiKey, {
    params: { merchant_id: m.id },
    body: { name: 'second' },
  });
  expectStatus(issued, 200);
  return { keyId: issued.body.data.id, ...caller({ 'x-api-key': issued.body.data.secret_key }) };
}

/** Spends what is left of the key's budget with GETs, then returns the first 429. */
async function exhaust(m: Caller, limit: number) {
  for (let i = 0; i < limit; i++) {
    const res = await m.call(contract.listCheckouts, { query: { limit: 1 } });
    if (res.status === 429) return res;
    expectStatus(res, 200);
  }
  return m.call(contract.listCheckouts, { query: { limit: 1 } });
}

describe('RateLimit headers', () => {
  it('every merchant response carries the policy and a remaining count that goes down by one per request, errors included', async () => {
    await awayFromWindowEdge();
    const m = await newMerchant();
    const responses = [
      await m.call(contract.listCheckouts, { query: { limit: 5 } }), // 200
      await m.call(contract.createCheckout, { body: minimalCheckout }), // 200
      await m.call(contract.getCheckout, { params: { checkout_id: '00000000-0000-4000-8000-000000000000' } }), // 404
      await m.call(contract.listCheckouts, { query: { limit: 'abc' } }), // 422
      await m.send(contract.createCheckout, { body: '{not json' }), // 400
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 404, 422, 400]);
    for (const res of responses) {
      expect(res.headers.get('ratelimit-policy')).toBe('"api-key";q=1200;w=60');
      const { t } = rateLimitOf(res);
      expect(t).toBeGreaterThanOrEqual(1);
      expect(t).toBeLessThanOrEqual(60);
      expect(Math.abs(t - secondsToWindowEnd())).toBeLessThanOrEqual(2);
      expect(res.headers.get('retry-after')).toBeNull();
    }
    expect(responses.map((r) => rateLimitOf(r).r)).toEqual([1199, 1198, 1197, 1196, 1195]);
    expect(await hitsOf(m.keyId)).toBe(5);
  });

  it('failed authentication is not counted and carries no RateLimit headers', async () => {
    await awayFromWindowEdge();
    const m = await newMerchant();
    expect(rateLimitOf(await m.call(contract.listCheckouts)).r).toBe(1199);
    const other = await newMerchant();
    await sql`update api_keys set status = 'revoked', revoked_at = now() where id = ${other.keyId}`;
    const failures = [
      await caller().call(contract.listCheckouts), // missing key
      await caller({ 'x-api-key': 'sk_test_nope' }).call(contract.listCheckouts), // malformed
      await caller({ 'x-api-key': m.apiKey.slice(0, -1) + (m.apiKey.endsWith('A') ? 'B' : 'A') }).call(
        contract.listCheckouts,
      ), // a typo of a real key
      await other.call(contract.listCheckouts), // revoked
    ];
    for (const res of failures) {
      expect(res.status).toBe(401);
      expect(res.headers.get('ratelimit')).toBeNull();
      expect(res.headers.get('ratelimit-policy')).toBeNull();
    }
    expect(rateLimitOf(await m.call(contract.listCheckouts)).r).toBe(1198);
    expect(await hitsOf(m.keyId)).toBe(2);
  });

  it("other surfaces carry none (the limit is the merchant API's)", async () => {
    const res = await admin().call(contract.listCheckoutsAwaitingApproval);
    expectStatus(res, 200);
    expect(res.headers.get('ratelimit')).toBeNull();
  });
});

describe('over the limit', () => {
  it('answers 429 rate_limited with Retry-After and the headers, and the request changes nothing', async () => {
    await awayFromWindowEdge();
    withLimit(3);
    const m = await newMerchant();
    const created = [];
    for (let i = 0; i < 3; i++)
      created.push(
        await m.call(contract.createCheckout, { body: minimalCheckout, headers: { 'idempotency-key': `order-${i}` } }),
      );
    expect(created.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(created.map((r) => rateLimitOf(r).r)).toEqual([2, 1, 0]);
    expect(created[0]!.headers.get('ratelimit-policy')).toBe('"api-key";q=3;w=60');
    const events = async () => (await sql`select count(*)::int as n from events`)[0]!.n as number;
    const eventsBefore = await events();

    const limited = await m.call(contract.createCheckout, {
      body: minimalCheckout,
      headers: { 'idempotency-key': 'order-3' },
    });
    expectStatus(limited, 429);
    expectErrorShape(limited.body, 'rate_limited');
    expect(limited.headers.get('ratelimit-policy')).toBe('"api-key";q=3;w=60');
    const { r, t } = rateLimitOf(limited);
    expect(r).toBe(0);
    expect(limited.headers.get('retry-after')).toBe(String(t));
    expect(Math.abs(t - secondsToWindowEnd())).toBeLessThanOrEqual(2);
    expect(limited.headers.get('x-request-id')).toBe(limited.body.request_id);

    // Nothing happened: no checkout, no event, no idempotency record (the same key can be used later).
    expect(await checkoutCount(m.id)).toBe(3);
    expect(await events()).toBe(eventsBefore);
    const [idem] =
      await sql`select count(*)::int as n from idempotency_keys where merchant_id = ${m.id} and key = 'order-3'`;
    expect(idem!.n).toBe(0);

    // Reads share the budget; it stays spent for the rest of the window.
    const read = await m.call(contract.listCheckouts);
    expectStatus(read, 429);
    expect(rateLimitOf(read).r).toBe(0);
  });

  it('counts each key on its own, even two keys of one merchant', async () => {
    await awayFromWindowEdge();
    withLimit(3);
    const m = await newMerchant();
    const second = await secondKey(m);
    expect((await exhaust(m, 3)).status).toBe(429);
    const res = await second.call(contract.listCheckouts);
    expectStatus(res, 200);
    expect(rateLimitOf(res).r).toBe(2);
    expect(await hitsOf(m.keyId)).toBe(4);
    expect(await hitsOf(second.keyId)).toBe(1);
  });

  it('keys of different merchants are independent', async () => {
    await awayFromWindowEdge();
    withLimit(3);
    const [a, b] = [await newMerchant(), await newMerchant()];
    expect((await exhaust(a, 3)).status).toBe(429);
    const created = await b.call(contract.createCheckout, { body: minimalCheckout });
    expectStatus(created, 200);
    expect(rateLimitOf(created).r).toBe(2);
    expect(await checkoutCount(b.id)).toBe(1);
  });
});

describe('the request log line', () => {
  const linesOf = (requestId: string) =>
    fs
      .readFileSync(process.env.LOG_FILE!, 'utf8')
      .split('\n')
      .filter((l) => l.includes(requestId))
      .map((l) => JSON.parse(l));

  it('names the route pattern, not only the path', async () => {
    const m = await newMerchant();
    const created = await m.ok(contract.createCheckout, { body: minimalCheckout });
    const res = await m.call(contract.getCheckout, { params: { checkout_id: created.body.data.id } });
    const [line] = linesOf(res.headers.get('x-request-id')!);
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: `${CHECKOUTS}/${created.body.data.id}`,
      route: `${CHECKOUTS}/[checkout_id]`,
      status: 200,
      request_id: res.headers.get('x-request-id'),
    });
  });

  it('a route without dynamic segments gets no params from Next (undefined): still answered, still logged', async () => {
    const route = await import('../../app/api/ping/route');
    // Called as Next calls it, with what its type does not allow.
    const GET = route.GET as (req: Request, ctx: unknown) => Promise<Response>;

    for (const ctx of [{ params: undefined }, undefined]) {
      const res = await GET(new Request('http://api.payments.test/api/ping'), ctx);
      expect(res.status).toBe(200);
      expect(linesOf(res.headers.get('x-request-id')!)[0]).toMatchObject({ route: '/api/ping', status: 200 });
    }
  });
});

describe('one counter for every app instance', () => {
  it("meets in PostgreSQL: another instance's hits count against the same key, seen at its next settlement", async () => {
    await awayFromWindowEdge();
    withLimit(5);
    const m = await newMerchant();
    // "Instance B": its own pool and its own counts, as a second app process would have.
    const instanceB = openDatabase(process.env.DATABASE_URL!, 2);
    const countsB = new SharedWindowCounter(60, API_KEY_SETTLE_MS);
    const hitB = () => limitApiKey(instanceB.db, new Request('http://b.test/'), m.keyId, countsB);
    try {
      // A's first request of the window settles at once; so does B's: B starts from A's count.
      expect(rateLimitOf(await m.call(contract.listCheckouts)).r).toBe(4); // 1 (A)
      await hitB(); // 2 (B, settled at once)
      await hitB(); // 3 (B, counted in B)
      await countsB.settle(instanceB.db);
      expect(await hitsOf(m.keyId)).toBe(3); // read straight from the table
      // A has not settled since: its answer lags by what B counted meanwhile (the documented bound)…
      expect(rateLimitOf(await m.call(contract.listCheckouts)).r).toBe(3); // 4 in truth
      // …until its next settlement, after which it counts from the shared total.
      await apiKeyCounter.settle(getDb());
      expect(rateLimitOf(await m.call(contract.listCheckouts)).r).toBe(0); // 5
      expectStatus(await m.call(contract.listCheckouts), 429); // 6
      // B learns it at its next settlement (after its next hit, which it still admits), then refuses.
      await apiKeyCounter.settle(getDb());
      await hitB(); // 7: admitted on B's stale count, within the bound
      await countsB.settle(instanceB.db);
      const refused = await hitB().catch((e: unknown) => e);
      expect(refused).toMatchObject({
        status: 429,
        code: 'rate_limited',
        headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
      });
      await countsB.settle(instanceB.db);
      expect(await hitsOf(m.keyId)).toBe(8); // refused requests count too (they were made)
    } finally {
      await instanceB.sql.end({ timeout: 5 });
    }
  });

  it('settles by itself within the interval, every key counted', async () => {
    await awayFromWindowEdge();
    const [a, b] = [await newMerchant(), await newMerchant()];
    for (let i = 0; i < 4; i++) {
      expectStatus(await a.call(contract.listCheckouts, { query: { limit: 1 } }), 200);
      expectStatus(await b.call(contract.listCheckouts, { query: { limit: 1 } }), 200);
    }
    await new Promise((r) => setTimeout(r, API_KEY_SETTLE_MS * 3));
    expect([await hitsOf(a.keyId, false), await hitsOf(b.keyId, false)]).toEqual([4, 4]);
  });

  it('the counter table is UNLOGGED (no WAL, no flush wait on every request)', async () => {
    const [row] = await sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`;
    expect(row!.relpersistence).toBe('u');
  });
});
