import type { LoadRequest } from './lib/load';
import { listingComparisons, listingScenarios } from './ledger';
import { withdrawalComparisons, withdrawalScenarios } from './withdrawals';

/** What a scenario may use to prepare its requests. */
export interface BenchContext {
  baseUrl: string;
  /** The bench database (this process's lib/platform/db/client is connected to it while scenarios prepare). */
  databaseUrl: string;
  merchant: { id: string; apiKey: string };
  /** The run's settings, for setups that must last the whole run (e.g. money to withdraw). */
  settings: { durationSeconds: number; warmupSeconds: number; serverWarmupSeconds: number };
}

export interface Goal {
  /** Minimum req/s as a fraction of the ceiling's. */
  minRatio: number;
  /** Maximum p99 latency, when the goal has one. */
  maxP99Ms?: number;
}

export interface Scenario {
  /** Short id: the results' key and a BENCH_ONLY value. */
  name: string;
  /** The request, for people: `POST /api/v1/…`. */
  label: string;
  /** Runs once, before the warm-up; returns what every connection sends. Any setup must be bounded. */
  prepare(ctx: BenchContext): Promise<LoadRequest>;
  goal?: Goal;
  /** Concurrent connections (default 10, the ceiling's); with fewer, the ratio to the ceiling is not reported. */
  connections?: number;
}

/** The framework's ceiling: a real route of the app through the same handler wrapper, no database. */
export const ceiling: Scenario = {
  name: 'ceiling',
  label: 'GET /api/ping',
  prepare: async () => ({ method: 'GET', path: '/api/ping' }),
};

const CHECKOUT_BODY = JSON.stringify({
  customer_email: 'ada@example.com',
  amount: 25.5,
  currency_code: 'GHS',
  meta_data: { order_id: '1001' },
});

const merchantHeaders = (ctx: BenchContext) => ({
  'x-api-key': ctx.merchant.apiKey,
  'content-type': 'application/json',
});

/** Checkouts the get scenario reads in turn, so the load is not one row. */
const READ_POOL_SIZE = 50;

/** Measured between two ceiling runs, in this order. Later benchmarks add themselves here. */
export const scenarios: Scenario[] = [
  {
    name: 'create-checkout',
    label: 'POST /api/v1/merchants/checkouts',
    goal: { minRatio: 0.5, maxP99Ms: 30 },
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/v1/merchants/checkouts',
      headers: merchantHeaders(ctx),
      body: CHECKOUT_BODY,
    }),
  },
  {
    name: 'get-checkout',
    label: 'GET /api/v1/merchants/checkouts/{id}',
    goal: { minRatio: 0.7 },
    prepare: async (ctx) => {
      const ids: string[] = [];
      for (let i = 0; i < READ_POOL_SIZE; i++) ids.push(await createCheckout(ctx));
      let next = 0;
      return {
        method: 'GET',
        path: `/api/v1/merchants/checkouts/${ids[0]}`,
        headers: { 'x-api-key': ctx.merchant.apiKey },
        setupRequest: (request) => ({ ...request, path: `/api/v1/merchants/checkouts/${ids[next++ % ids.length]}` }),
      };
    },
  },
  {
    name: 'list-checkouts',
    label: 'GET /api/v1/merchants/checkouts?limit=20',
    goal: { minRatio: 0.5 },
    prepare: async (ctx) => {
      // At least 20 to list: the get scenario's pool, or made here when it was not selected.
      for (let i = 0; i < 20; i++) await createCheckout(ctx);
      return {
        method: 'GET',
        path: '/api/v1/merchants/checkouts?limit=20',
        headers: { 'x-api-key': ctx.merchant.apiKey },
      };
    },
  },
  {
    name: 'session-read',
    label: 'GET /api/checkout/v1/sessions/{ref} (the hosted page)',
    goal: { minRatio: 0.6 },
    prepare: async (ctx) => {
      const pages: { reference: string; token: string }[] = [];
      for (let i = 0; i < READ_POOL_SIZE; i++) pages.push(await createCheckoutPage(ctx));
      let next = 0;
      const request = (page: { reference: string; token: string }) => ({
        method: 'GET' as const,
        path: `/api/checkout/v1/sessions/${page.reference}`,
        headers: { 'x-checkout-token': page.token },
      });
      return { ...request(pages[0]!), setupRequest: () => request(pages[next++ % pages.length]!) };
    },
  },
  // Customer transactions at 100 and 100,000 per merchant, in pairs (bench/ledger.ts).
  ...listingScenarios,
  // Initiating withdrawals spread over 100 wallets, then on one (bench/withdrawals.ts).
  ...withdrawalScenarios,
];

/**
 * Two scenarios of one run compared with each other rather than with the ceiling: the subject's figure
 * over the baseline's. A comparison's name is also a BENCH_ONLY value that selects both.
 */
export interface Comparison {
  name: string;
  label: string;
  baseline: string;
  subject: string;
  goal: { metric: 'p50Ms'; maxRatio: number } | { metric: 'reqPerSec'; minRatio: number };
}

export const comparisons: Comparison[] = [...listingComparisons, ...withdrawalComparisons];

/** A correctness check of the run (books balanced, no wallet ran dry…): a failed one fails the run. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** A checkout as its hosted page knows it: the reference and the token of its URL. */
async function createCheckoutPage(ctx: BenchContext): Promise<{ reference: string; token: string }> {
  const res = await fetch(`${ctx.baseUrl}/api/v1/merchants/checkouts`, {
    method: 'POST',
    headers: merchantHeaders(ctx),
    body: CHECKOUT_BODY,
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await res.json()) as { data: { payment_reference: string; checkout_url: string } };
  if (!res.ok) throw new Error(`Creating a checkout for the session scenario failed (${res.status})`);
  const token = new URL(body.data.checkout_url).hash.replace(/^#token=/, '');
  return { reference: body.data.payment_reference, token };
}

async function createCheckout(ctx: BenchContext): Promise<string> {
  const res = await fetch(`${ctx.baseUrl}/api/v1/merchants/checkouts`, {
    method: 'POST',
    headers: merchantHeaders(ctx),
    body: CHECKOUT_BODY,
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await res.json()) as any;
  if (!res.ok)
    throw new Error(`Creating a checkout for the get scenario failed (${res.status}): ${JSON.stringify(body)}`);
  return body.data.id as string;
}
