import { beforeAll, describe, expect, it } from 'vitest';
import { call, routePatterns } from '../support/api';
import { expectErrorShape, minimalCheckout, newMerchant } from '../support/fixtures';
import { testSql } from '../support/database';

/**
 * Every merchant route that takes a resource id: another merchant using that id gets the same 404 as
 * for an id that does not exist (no existence leak), and the resource is left exactly as it was.
 *
 * The table below must list every `/api/v1/merchants/**` route pattern with a [param]: a new route
 * without an entry here fails the coverage test.
 */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface OwnedResource {
  /** Values for the pattern's [params]. */
  params: Record<string, string>;
  /** Everything observable about the resource, to compare before and after B's attempts. */
  snapshot: () => Promise<unknown>;
}

interface RouteCase {
  /** Methods the route implements; every other method must answer 405. */
  methods: Method[];
  /** A request body the owner would send (undefined: none). */
  body?: (method: Method) => unknown;
  /** Creates merchant A's resource. */
  create: (owner: Merchant) => Promise<OwnedResource>;
  /** What the owner gets for the same call (a positive control: the 404 was about tenancy, not a bad id). */
  ownerStatus: number;
}

const sql = testSql();

async function newCheckout(owner: Merchant): Promise<OwnedResource> {
  const res = await owner.api.post('/api/v1/merchants/checkouts', { ...minimalCheckout, meta_data: { order_id: 'A-1' } });
  if (res.status !== 200) throw new Error(`checkout creation failed: ${res.text}`);
  const id = res.body.data.id as string;
  return {
    params: { checkout_id: id },
    snapshot: async () => ({
      row: await sql`select * from checkouts where id = ${id}`,
      events: await sql`select event_type, data from events where resource_id = ${id} order by sequence`,
      jobs: await sql`select run_at, key from graphile_worker._private_jobs where key = ${`expire_checkout:${id}`}`,
    }),
  };
}

const ROUTES: Record<string, RouteCase> = {
  '/api/v1/merchants/checkouts/[checkout_id]': { methods: ['GET'], create: newCheckout, ownerStatus: 200 },
  '/api/v1/merchants/checkouts/[checkout_id]/cancel': { methods: ['POST'], create: newCheckout, ownerStatus: 200 },
  '/api/v1/merchants/api-keys/[key_id]': {
    methods: ['DELETE'],
    ownerStatus: 200,
    create: async (owner) => {
      const res = await owner.api.post('/api/v1/merchants/api-keys', { name: 'Second key' });
      if (res.status !== 200) throw new Error(`api key creation failed: ${res.text}`);
      const id = res.body.data.id as string;
      const secret = res.body.data.secret_key as string;
      return {
        params: { key_id: id },
        snapshot: async () => ({
          row: await sql`select status, revoked_at, revoked_by, updated_at, deleted_at from api_keys where id = ${id}`,
          // The key still authenticates (a GET that needs FULL_ACCESS).
          works: (await call('GET', '/api/v1/merchants/api-keys', { headers: { 'x-api-key': secret } })).status,
        }),
      };
    },
  },
};

const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for [${name}] in ${pattern}`);
    return encodeURIComponent(value);
  });

const parameterisedMerchantPatterns = () =>
  routePatterns()
    .filter((p) => p.startsWith('/api/v1/merchants/') && p.includes('['))
    .sort();

let a: Merchant;
let b: Merchant;

beforeAll(async () => {
  a = await newMerchant({ name: 'Merchant A' });
  b = await newMerchant({ name: 'Merchant B' });
});

describe('tenant isolation', () => {
  it('covers every /api/v1/merchants route with a [param]', () => {
    const patterns = parameterisedMerchantPatterns();
    expect(patterns.length).toBeGreaterThan(0);
    expect(Object.keys(ROUTES).sort()).toEqual(patterns);
  });

  describe.each(Object.entries(ROUTES))('%s', (pattern, route) => {
    it.each(route.methods)("%s with another merchant's id → 404 not_found, resource unchanged", async (method) => {
      const owned = await route.create(a);
      const url = fill(pattern, owned.params);
      const before = await owned.snapshot();

      const res = await call(method, url, { headers: { 'x-api-key': b.apiKey }, body: route.body?.(method) });
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
      for (const value of Object.values(owned.params)) expect(res.text).not.toContain(value);

      // Indistinguishable from an id that does not exist at all.
      const ghostParams = Object.fromEntries(Object.keys(owned.params).map((k) => [k, '00000000-0000-4000-8000-000000000000']));
      const ghost = await call(method, fill(pattern, ghostParams), { headers: { 'x-api-key': b.apiKey }, body: route.body?.(method) });
      expect(ghost.status).toBe(404);
      expect({ code: ghost.body.error.code, message: ghost.body.message, fields: ghost.body.error.fields }).toEqual({
        code: res.body.error.code,
        message: res.body.message,
        fields: res.body.error.fields,
      });

      // The same id in upper case is the same resource to PostgreSQL: still B's 404.
      const upper = fill(pattern, Object.fromEntries(Object.entries(owned.params).map(([k, v]) => [k, v.toUpperCase()])));
      const upperRes = await call(method, upper, { headers: { 'x-api-key': b.apiKey }, body: route.body?.(method) });
      expect([404, 422]).toContain(upperRes.status);

      expect(await owned.snapshot()).toEqual(before);

      // Positive control: the owner's identical call works.
      const own = await call(method, url, { headers: { 'x-api-key': a.apiKey }, body: route.body?.(method) });
      expect(own.status, own.text).toBe(route.ownerStatus);
    });

    it('every other method answers 405, for the owner and for others alike', async () => {
      const owned = await route.create(a);
      const url = fill(pattern, owned.params);
      const before = await owned.snapshot();
      for (const method of METHODS.filter((x) => !route.methods.includes(x))) {
        for (const who of [a, b]) {
          const res = await call(method, url, { headers: { 'x-api-key': who.apiKey } });
          expect(res.status, `${method} ${pattern}`).toBe(405);
          expectErrorShape(res.body, 'method_not_allowed');
          expect(res.headers.get('allow')).toBe(route.methods.join(', '));
        }
      }
      expect(await owned.snapshot()).toEqual(before);
    });
  });

  it("B's list never shows A's checkouts, and A's list never shows B's", async () => {
    const mine = await newCheckout(a);
    const theirs = await newCheckout(b);
    const listA = (await a.api.get('/api/v1/merchants/checkouts?limit=100')).body.data as { id: string; merchant_id: string }[];
    const listB = (await b.api.get('/api/v1/merchants/checkouts?limit=100')).body.data as { id: string; merchant_id: string }[];
    expect(listA.map((c) => c.id)).toContain(mine.params.checkout_id);
    expect(listA.map((c) => c.id)).not.toContain(theirs.params.checkout_id);
    expect(listB.map((c) => c.id)).toContain(theirs.params.checkout_id);
    expect(listB.map((c) => c.id)).not.toContain(mine.params.checkout_id);
    expect(listA.every((c) => c.merchant_id === a.id)).toBe(true);
    expect(listB.every((c) => c.merchant_id === b.id)).toBe(true);
  });

  it("B's API key list never shows A's keys", async () => {
    const listB = (await b.api.get('/api/v1/merchants/api-keys')).body.data as { id: string; merchant_id: string }[];
    expect(listB.map((k) => k.id)).not.toContain(a.keyId);
    expect(listB.every((k) => k.merchant_id === b.id)).toBe(true);
  });
});
