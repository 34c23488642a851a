import type { Tenant } from '../lib/platform/db/schema';
/**
 * The ledger's benchmarks (issue 4, "Performance"):
 *
 *  - Listing customer transactions at scale. Two merchants with the same mix of transactions, one with
 *    100 and one with 100,000, are listed under the same load (the first page of 50, and the first page
 *    filtered by currency); the goal is a median latency at 100,000 within 2× of the one at 100, both
 *    measured in the same run, one right after the other. The rows are seeded with SQL
 *    (generate_series): 100,000 checkouts paid one by one would take longer than the whole benchmark.
 *    The listing reads customer_transactions only, so the seed writes those rows (and the deposits'
 *    checkouts), not the journal. BENCH_EXPLAIN=1 prints the plans of exactly the statements the
 *    endpoint runs (captured from listTransactions), and the same plans with the indexes that make
 *    them cheap, created in a transaction that is rolled back.
 *  - Settlement. Wallets with 100 and with 10,000 due deposits are settled by `runSettlement` with the
 *    merchant's id, called in this process against the bench database (what `POST
 *    /api/admin/v1/settlements/run` with a `merchant_id` does), a day after the deposits (asOf: now +
 *    SETTLEMENT_DELAY_MINUTES); the goal is under 5 s for 10,000, with 100 as the same-run baseline.
 *    The deposits are what a paid checkout really writes (bench/lib/paid-checkouts.ts), and the
 *    reconciliation must be balanced before and after.
 */
import { sql as drizzleSql } from 'drizzle-orm';
import { getDb, getSql } from '../lib/platform/db/client';
import { config } from '../lib/platform/config';
import { reconcileLedger } from '../lib/books/ledger/reconcile';
import { runSettlement } from '../lib/books/settlement/run-settlement';
import { listTransactions } from '../lib/books/customer-transactions/read';
import { listTransactionsQuery } from '../lib/books/customer-transactions/input';
import { newMerchant, seedPaidDeposits, type BenchMerchant, type DepositFixture } from './lib/paid-checkouts';
import { tracedDatabase, type TracedStatement } from './lib/traced-db';
import type { BenchContext, Check, Comparison, Scenario } from './scenarios';

// ---------------------------------------------------------------------------------------------------
// Listing customer transactions
// ---------------------------------------------------------------------------------------------------

export const LISTING_SMALL = 100;
export const LISTING_LARGE = 100_000;
/** The goal: median latency at LISTING_LARGE at most this many times the one at LISTING_SMALL. */
export const LISTING_MAX_LATENCY_RATIO = 2;

const LIST_PATH = '/api/v1/merchants/customer/transactions';

/** The listings measured, each for both merchants; `where` counts what the listing should report as its total. */
const LISTINGS = [
  { name: 'list-transactions', query: 'size=50', where: 'true' },
  { name: 'list-filtered', query: 'size=50&currency_code=GHS', where: "currency_code = 'GHS'" },
] as const;

/**
 * What BENCH_EXPLAIN also tries: the listing's indexes with the sort order its ORDER BY asks for
 * (`created_at DESC, id DESC` is NULLS FIRST; the migrations' indexes are `DESC NULLS LAST`).
 */
const PROPOSED_INDEXES = [
  'create index on customer_transactions (merchant_id, created_at desc, id desc)',
  'create index on customer_transactions (merchant_id, currency_code, created_at desc, id desc)',
];

let listingFixtures: Promise<{ small: BenchMerchant; large: BenchMerchant }> | undefined;

/** Both listing merchants, seeded once (whichever listing scenario prepares first). */
function listingMerchants(ctx: BenchContext) {
  listingFixtures ??= (async () => {
    const started = performance.now();
    const small = await seedListingMerchant('Bench Listing 100', LISTING_SMALL);
    const large = await seedListingMerchant('Bench Listing 100k', LISTING_LARGE);
    await vacuumAnalyze(['checkouts', 'customer_transactions']);
    console.log(
      `  Seeded ${LISTING_SMALL.toLocaleString('en')} and ${LISTING_LARGE.toLocaleString('en')} customer transactions ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s (then VACUUM ANALYZE)`,
    );
    if (['1', 'true'].includes(process.env.BENCH_EXPLAIN ?? '')) await explainListings(ctx.databaseUrl, small, large);
    return { small, large };
  })();
  return listingFixtures;
}

/**
 * `count` transactions for a new merchant, oldest first (so the heap is in time order, as it would be in
 * production), one every 5 minutes with every second pair sharing a timestamp (the id breaks the tie).
 * The mix, the same for both merchants: 90 % deposits (each with its paid checkout), 7 % refunds,
 * 3 % payouts (70 % completed, 20 % pending, 10 % failed); 70 % GHS, 15 % KES, 10 % NGN, 5 % USD.
 */
async function seedListingMerchant(name: string, count: number): Promise<BenchMerchant> {
  const merchant = await newMerchant(name);
  await getSql().begin(async (sql) => {
    await sql`
      create temp table bench_listing on commit drop as
      select i,
             gen_random_uuid() as tx_id,
             gen_random_uuid() as checkout_id,
             case when (i * 7919) % 100 < 90 then 'deposit' when (i * 7919) % 100 < 97 then 'refund' else 'payout' end as kind,
             case when i % 20 < 14 then 'GHS' when i % 20 < 17 then 'KES' when i % 20 < 19 then 'NGN' else 'USD' end as currency,
             (1000 + (i::bigint * 104729) % 99000) as amount,
             now() - make_interval(secs => ((${count}::int - i) / 2) * 300) as at
        from generate_series(1, ${count}::int) as i`;
    await sql`
      insert into checkouts (id, merchant_id, tenant_id, payment_reference, amount, currency_id, currency_code, status,
                             customer_email, customer_name, customer_phone, payment_method, expires_at, paid_at,
                             meta_data, approval_status, approved_at, created_at, updated_at)
      select b.checkout_id, ${merchant.id}, ${merchant.tenant.id}, 'PAY-L' || upper(substr(md5(b.checkout_id::text), 1, 15)), b.amount, c.id, b.currency,
             'paid', 'customer' || b.i || '@example.com', 'Customer ' || b.i, '+23320' || lpad((b.i % 10000000)::text, 7, '0'),
             'mobile_money', b.at + interval '1 hour', b.at,
             jsonb_build_object('order_id', b.i::text), 'approved', b.at, b.at - interval '2 minutes', b.at
        from bench_listing b join currencies c on c.code = b.currency
       where b.kind = 'deposit'`;
    await sql`
      insert into customer_transactions (
             id, merchant_id, tenant_id, wallet_id, currency_id, currency_code, transaction_type, status, amount, fee_amount,
             net_amount, completed_at, failed_at, customer_email, customer_name, customer_phone, checkout_session_id,
             payment_method, provider, provider_reference, provider_metadata, meta_data, external_reference,
             payout_type, payout_kind, payout_status, settlement_status, settled_at, recipient_name, recipient_phone,
             payout_reason, mobile_number, network_provider, notes, created_at, updated_at)
      select b.tx_id, ${merchant.id}, ${merchant.tenant.id}, w.id, c.id, b.currency, b.kind, t.status, b.amount, t.fee, b.amount - t.fee,
             case when t.status = 'completed' then b.at end, case when t.status = 'failed' then b.at end,
             case when b.kind <> 'payout' then 'customer' || b.i || '@example.com' end,
             case when b.kind <> 'payout' then 'Customer ' || b.i end,
             case when b.kind <> 'payout' then '+23320' || lpad((b.i % 10000000)::text, 7, '0') end,
             case when b.kind = 'deposit' then b.checkout_id end,
             'mobile_money', 'sandbox_mobile_money', 'SBX-' || substr(md5(b.tx_id::text), 1, 20),
             case when b.kind = 'deposit' then jsonb_build_object('collections', jsonb_build_array(jsonb_build_object(
               'collection_id', gen_random_uuid(), 'provider_reference', 'SBX-' || substr(md5(b.tx_id::text), 1, 20),
               'amount_minor', b.amount::text, 'received_at', b.at))) end,
             case when b.kind = 'deposit' then jsonb_build_object('order_id', b.i::text, 'checkout_id', b.checkout_id,
               'payment_reference', 'PAY-L' || upper(substr(md5(b.checkout_id::text), 1, 15))) end,
             case when b.kind = 'deposit' then b.checkout_id::text end,
             case when b.kind = 'payout' then 'mobile_money' end,
             case when b.kind = 'payout' then 'payout' end,
             case when b.kind = 'payout' then t.payout_status end,
             -- Deposits settle later; refunds and payouts leave the wallet at once (settled as they go).
             case when b.kind = 'deposit' then 'unsettled' else 'settled' end,
             case when b.kind <> 'deposit' then b.at end,
             case when b.kind = 'payout' then 'Recipient ' || b.i end,
             case when b.kind = 'payout' then '+25471' || lpad((b.i % 10000000)::text, 7, '0') end,
             case when b.kind = 'payout' then 'Supplier payment' end,
             case when b.kind = 'payout' then '+25471' || lpad((b.i % 10000000)::text, 7, '0') end,
             case when b.kind = 'payout' then 'mpesa' end,
             case when b.kind = 'refund' then 'Customer returned the goods' end,
             b.at, b.at
        from bench_listing b
        join currencies c on c.code = b.currency
        join wallets w on w.merchant_id = ${merchant.id} and w.currency_id = c.id
        cross join lateral (select
          case when b.kind <> 'payout' or b.i % 10 < 7 then 'completed' when b.i % 10 < 9 then 'pending' else 'failed' end as status,
          case when b.i % 10 < 7 then 'completed' when b.i % 10 < 9 then 'pending' else 'failed' end as payout_status,
          case b.kind when 'deposit' then (b.amount * 150 + 5000) / 10000 when 'payout' then (b.amount * 50 + 5000) / 10000 else 0 end as fee
        ) t
       order by b.i`;
  });
  return merchant;
}

/**
 * Each listing is measured under the run's load (10 connections: the server saturated, so latency is
 * mostly queueing and tracks the work per request) and with one connection (no queue: the latency of
 * one request on an idle server).
 */
const LISTING_CONNECTIONS = [10, 1] as const;

const sizeLabel = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
const scenarioName = (listing: string, size: number, connections: number) =>
  `${listing}-${sizeLabel(size)}${connections === 1 ? '-c1' : ''}`;
const comparisonName = (listing: string, connections: number) => `${listing}${connections === 1 ? '-c1' : ''}`;

function listingScenario(listing: (typeof LISTINGS)[number], which: 'small' | 'large', connections: number): Scenario {
  const path = `${LIST_PATH}?${listing.query}`;
  const size = which === 'small' ? LISTING_SMALL : LISTING_LARGE;
  return {
    name: scenarioName(listing.name, size, connections),
    label: `GET …/customer/transactions?${listing.query} (${size.toLocaleString('en')} transactions${connections === 1 ? ', 1 connection' : ''})`,
    connections,
    prepare: async (ctx) => {
      const merchant = (await listingMerchants(ctx))[which];
      const headers = { 'x-api-key': merchant.apiKey };
      // The endpoint must see the whole seed: its total is the rows the filter selects.
      const [expected] = await getSql().unsafe<{ n: number }[]>(
        `select count(*)::int as n from customer_transactions where merchant_id = $1 and ${listing.where}`,
        [merchant.id],
      );
      const res = await fetch(`${ctx.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as { data?: unknown[]; pagination?: { total: number } };
      if (!res.ok || body.pagination?.total !== expected!.n || body.data?.length !== Math.min(50, expected!.n)) {
        throw new Error(
          `${path} for ${size} transactions answered ${res.status} with ${JSON.stringify(body).slice(0, 300)}`,
        );
      }
      return { method: 'GET', path, headers };
    },
  };
}

/** Measured in pairs, the 100 right before the 100k, so both see the same machine. */
export const listingScenarios: Scenario[] = LISTING_CONNECTIONS.flatMap((connections) =>
  LISTINGS.flatMap((l) => [listingScenario(l, 'small', connections), listingScenario(l, 'large', connections)]),
);

export const listingComparisons: Comparison[] = LISTING_CONNECTIONS.flatMap((connections) =>
  LISTINGS.map((l): Comparison => ({
    name: comparisonName(l.name, connections),
    label:
      `GET …/customer/transactions?${l.query}, ${connections} connection${connections === 1 ? '' : 's'}: ` +
      `${LISTING_LARGE.toLocaleString('en')} transactions over ${LISTING_SMALL}`,
    baseline: scenarioName(l.name, LISTING_SMALL, connections),
    subject: scenarioName(l.name, LISTING_LARGE, connections),
    goal: { metric: 'p50Ms', maxRatio: LISTING_MAX_LATENCY_RATIO },
  })),
);

/** The statements listTransactions sends for a query (captured, not rewritten by hand). */
async function listingStatements(url: string, tenant: Tenant, query: string): Promise<TracedStatement[]> {
  const traced = tracedDatabase(url);
  try {
    await traced.db.execute(drizzleSql`select 1`);
    const start = performance.now();
    await listTransactions(
      traced.db,
      tenant,
      listTransactionsQuery.parse(Object.fromEntries(new URLSearchParams(query))),
    );
    return traced.statementsSince(start);
  } finally {
    await traced.end();
  }
}

/** BENCH_EXPLAIN=1: EXPLAIN ANALYZE of each listing statement, for both merchants, as is and with PROPOSED_INDEXES. */
async function explainListings(url: string, small: BenchMerchant, large: BenchMerchant): Promise<void> {
  const sql = getSql();
  const explainAll = async (
    run: (text: string, parameters: unknown[]) => Promise<readonly Record<string, unknown>[]>,
    heading: string,
  ) => {
    for (const listing of LISTINGS) {
      for (const [size, merchant] of [
        [LISTING_SMALL, small],
        [LISTING_LARGE, large],
      ] as const) {
        for (const statement of await listingStatements(url, merchant.tenant, listing.query)) {
          if (statement.query.includes('pg_catalog')) continue; // postgres.js looking up array types
          const plan = await run(`explain (analyze, buffers) ${statement.query}`, statement.parameters);
          console.log(
            `\n  EXPLAIN (${heading}) ${listing.query}, ${size.toLocaleString('en')} transactions:\n    ${statement.query}`,
          );
          console.log(plan.map((r) => `      ${String(Object.values(r)[0])}`).join('\n'));
        }
      }
    }
  };
  await explainAll((text, parameters) => sql.unsafe(text, parameters as never[]), 'as migrated');
  const rollback = new Error('rollback');
  await sql
    .begin(async (tx) => {
      for (const ddl of PROPOSED_INDEXES) await tx.unsafe(ddl);
      await tx.unsafe('analyze customer_transactions');
      console.log(
        `\n  With the proposed indexes (rolled back afterwards):\n${PROPOSED_INDEXES.map((d) => `    ${d};`).join('\n')}`,
      );
      await explainAll((text, parameters) => tx.unsafe(text, parameters as never[]), 'proposed indexes');
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
}

async function vacuumAnalyze(tables: string[]): Promise<void> {
  const sql = getSql();
  for (const table of tables) await sql.unsafe(`vacuum analyze ${table}`);
}

// ---------------------------------------------------------------------------------------------------
// Settlement
// ---------------------------------------------------------------------------------------------------

export const SETTLEMENT = 'settle-10k';
export const SETTLE_SMALL = 100;
export const SETTLE_LARGE = 10_000;
export const SETTLE_MAX_MS = 5_000;
/** GHS per deposit (the template checkout's amount; 1.5 % mobile-money fee by default). */
const SETTLE_DEPOSIT_AMOUNT = 25.5;

/**
 * `runs` pairs of merchants, one with SETTLE_SMALL and one with SETTLE_LARGE due GHS deposits, each
 * wallet fresh so no run sees another's rows. Then the books must reconcile.
 */
export async function prepareSettlement(runs: number): Promise<{ fixtures: DepositFixture[]; check: Check }> {
  const started = performance.now();
  const fixtures: DepositFixture[] = [];
  for (let r = 0; r < runs; r++) {
    for (const deposits of [SETTLE_SMALL, SETTLE_LARGE]) {
      fixtures.push(await seedPaidDeposits(`Bench Settle ${deposits} ${r + 1}`, deposits, SETTLE_DEPOSIT_AMOUNT));
    }
  }
  const books = await reconcileLedger(getDb());
  if (!books.balanced)
    throw new Error(`The settlement seed does not reconcile: ${JSON.stringify(books).slice(0, 1000)}`);
  await vacuumAnalyze([
    'checkouts',
    'payment_attempts',
    'collections',
    'customer_transactions',
    'ledger_entries',
    'ledger_lines',
    'wallets',
    'events',
  ]);
  const total = fixtures.reduce((n, f) => n + f.deposits, 0);
  console.log(
    `  Seeded ${total.toLocaleString('en')} paid checkouts with their deposits for settlement ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s (then VACUUM ANALYZE)`,
  );
  return {
    fixtures,
    check: {
      name: 'books balanced after the settlement seed',
      ok: books.balanced,
      detail: `${books.entries_checked.toLocaleString('en')} entries, ${books.wallets_checked.toLocaleString('en')} wallets`,
    },
  };
}

export interface SettlementRun {
  deposits: number;
  ms: number;
  statements: TracedStatement[];
}

/**
 * Settles each fixture's merchant in turn (100, 10,000, 100, …), a day after its deposits, and checks
 * the outcome: every deposit settled, every checkout completed, holding emptied into available, and the
 * books balanced afterwards.
 */
export async function timeSettlements(
  url: string,
  fixtures: DepositFixture[],
): Promise<{ runs: SettlementRun[]; check: Check }> {
  const traced = tracedDatabase(url);
  const runs: SettlementRun[] = [];
  const logLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'silent'; // runSettlement logs a line per run
  try {
    await traced.db.execute(drizzleSql`select 1`); // connect first: the timing is the settlement's, not the handshake's
    for (const fixture of fixtures) {
      // The deposits were paid moments ago; the run is the one a day later that finds them due.
      const asOf = new Date(Date.now() + (config().SETTLEMENT_DELAY_MINUTES + 1) * 60_000);
      const start = performance.now();
      const result = await runSettlement(traced.db, { asOf, merchantId: fixture.merchantId });
      const end = performance.now();
      const settled = result.batches.reduce((n, b) => n + b.transaction_count, 0);
      if (settled !== fixture.deposits || result.checkouts_completed !== fixture.deposits) {
        throw new Error(
          `Settling ${fixture.deposits} deposits settled ${settled} and completed ${result.checkouts_completed} checkouts`,
        );
      }
      runs.push({ deposits: fixture.deposits, ms: end - start, statements: traced.statementsSince(start, end) });
      process.stdout.write(
        `  settle ${String(fixture.deposits).padStart(6)} deposits: ${(end - start).toFixed(0)} ms\n`,
      );
    }
    for (const fixture of fixtures) {
      const [wallet] = await getSql()<{ holding: string; available: string }[]>`
        select holding_balance::text as holding, available_balance::text as available from wallets where id = ${fixture.walletId}`;
      if (wallet?.holding !== '0' || wallet.available !== fixture.netTotal.toString()) {
        throw new Error(
          `After settlement a wallet holds ${wallet?.holding} with ${wallet?.available} available (expected 0 and ${fixture.netTotal})`,
        );
      }
    }
    const books = await reconcileLedger(traced.db);
    return {
      runs,
      check: {
        name: 'books balanced after settlement',
        ok: books.balanced,
        detail: books.balanced
          ? `${books.entries_checked.toLocaleString('en')} entries, ${books.wallets_checked.toLocaleString('en')} wallets`
          : JSON.stringify(books).slice(0, 500),
      },
    };
  } finally {
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;
    await traced.end();
  }
}
