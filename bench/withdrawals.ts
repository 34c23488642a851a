/**
 * Initiating withdrawals (issue 5, "Performance"): `POST /api/v1/merchants/withdrawals` with an ad-hoc
 * mobile-money recipient, under the same load, in the same run:
 *
 *  - withdraw-spread: requests spread round-robin over 100 merchants, one GHS wallet each;
 *  - withdraw-hot: every request debits the same wallet (one merchant, one API key).
 *
 * Initiating locks the wallet row for its whole transaction (lib/money-out/initiate.ts), so on one
 * wallet the requests queue behind each other; the goal is that the hot wallet still gets at least a
 * fifth of the spread throughput (req/s hot / spread ≥ 0.2).
 *
 * Each wallet's money comes in as it really does: one checkout paid by mobile money through the real
 * code path, then settled by runSettlement (merchant_id, a day later), so it is available. The deposit
 * is sized from the run's settings so no request can meet 409 insufficient_funds (every measurement
 * must be all 2xx), and afterwards every wallet must still have money left and the books must balance.
 */
import { config } from '../lib/platform/config';
import { feeFor } from '../lib/books/fees';
import { MAX_MINOR_UNITS } from '../lib/platform/money/amount';
import { runSettlement } from '../lib/books/settlement/run-settlement';
import { getDb, getSql } from '../lib/platform/db/client';
import { newMerchant, payCheckout, type BenchMerchant } from './lib/paid-checkouts';
import { isClean, type Measurement } from './lib/load';
import type { BenchContext, Check, Comparison, Scenario } from './scenarios';

export const SPREAD_WALLETS = 100;
/** The goal: req/s on one wallet at least this fraction of req/s spread over SPREAD_WALLETS. */
export const HOT_MIN_RATIO = 0.2;

const WITHDRAWAL = {
  amount: 1,
  currency_code: 'GHS',
  payout_type: 'mobile_money',
  recipient_details: { recipient_name: 'Ama', mobile_number: '0241234567', network_provider: 'mtn_momo' },
} as const;
const WITHDRAWAL_MINOR = 100n;
const PATH = '/api/v1/merchants/withdrawals';
/** Far above what 2 cores can do, so the funding can never run out within the run's settings. */
const MAX_REQUESTS_PER_SECOND = 5_000;

interface Fixtures {
  hot: BenchMerchant;
  spread: BenchMerchant[];
  walletIds: string[];
  /** Minor units available in each wallet once funded. */
  funded: bigint;
  perRequest: bigint;
}

let fixtures: Promise<Fixtures> | undefined;

/**
 * Every wallet may see, at most, MAX_REQUESTS_PER_SECOND for the server's warm-up, its own warm-up
 * and its measurement; twice that is deposited (the deposit fee comes out of it).
 */
function fund(ctx: BenchContext) {
  fixtures ??= (async () => {
    const started = performance.now();
    const fee = feeFor(config().FEE_SCHEDULE, 'withdrawal.mobile_money', 'GHS', WITHDRAWAL_MINOR, 'on_top');
    const perRequest = WITHDRAWAL_MINOR + fee;
    const { serverWarmupSeconds, warmupSeconds, durationSeconds } = ctx.settings;
    const needed =
      perRequest * BigInt(MAX_REQUESTS_PER_SECOND * (serverWarmupSeconds + warmupSeconds + durationSeconds));
    const gross = needed * 2n;
    if (gross > MAX_MINOR_UNITS)
      throw new Error(`Funding ${gross} minor units per wallet is more than one checkout can take`);
    const asOf = new Date(Date.now() + (config().SETTLEMENT_DELAY_MINUTES + 1) * 60_000);
    const fundOne = async (name: string) => {
      const merchant = await newMerchant(name);
      const paid = await payCheckout(merchant, Number(gross) / 100);
      const result = await runSettlement(getDb(), { asOf, merchantId: merchant.id });
      if (result.batches.length !== 1 || result.checkouts_completed !== 1)
        throw new Error(`Settling ${name}'s deposit failed`);
      return { merchant, walletId: paid.walletId, available: paid.net };
    };
    const logLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'silent'; // runSettlement logs a line per run
    try {
      const hot = await fundOne('Bench Withdrawals Hot');
      const spread = [];
      for (let i = 1; i <= SPREAD_WALLETS; i++) spread.push(await fundOne(`Bench Withdrawals Spread ${i}`));
      const all = [hot, ...spread];
      const [low] = await getSql()<{ available: string }[]>`
        select min(available_balance)::text as available from wallets where id = any(${all.map((w) => w.walletId)}::uuid[])`;
      if (BigInt(low!.available) !== hot.available) throw new Error('A withdrawal wallet was not funded as expected');
      console.log(
        `  Funded ${all.length} GHS wallets with ${(Number(hot.available) / 100).toLocaleString('en')} available each ` +
          `(a paid checkout, settled) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return {
        hot: hot.merchant,
        spread: spread.map((w) => w.merchant),
        walletIds: all.map((w) => w.walletId),
        funded: hot.available,
        perRequest,
      };
    } finally {
      if (logLevel === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = logLevel;
    }
  })();
  return fixtures;
}

const body = JSON.stringify(WITHDRAWAL);
const headersFor = (apiKey: string) => ({ 'x-api-key': apiKey, 'content-type': 'application/json' });

export const withdrawalScenarios: Scenario[] = [
  {
    name: 'withdraw-spread',
    label: `POST /api/v1/merchants/withdrawals (round-robin over ${SPREAD_WALLETS} wallets)`,
    prepare: async (ctx) => {
      const { spread } = await fund(ctx);
      let next = 0;
      return {
        method: 'POST',
        path: PATH,
        headers: headersFor(spread[0]!.apiKey),
        body,
        setupRequest: (request) => ({ ...request, headers: headersFor(spread[next++ % spread.length]!.apiKey) }),
      };
    },
  },
  {
    name: 'withdraw-hot',
    label: 'POST /api/v1/merchants/withdrawals (one wallet)',
    prepare: async (ctx) => {
      const { hot } = await fund(ctx);
      return { method: 'POST', path: PATH, headers: headersFor(hot.apiKey), body };
    },
  },
];

export const withdrawalComparisons: Comparison[] = [
  {
    name: 'withdrawals',
    label: `Initiating withdrawals: one hot wallet over ${SPREAD_WALLETS} wallets`,
    baseline: 'withdraw-spread',
    subject: 'withdraw-hot',
    goal: { metric: 'reqPerSec', minRatio: HOT_MIN_RATIO },
  },
];

/**
 * After the load: every withdrawal answered 2xx (status counts of the measurements), and no wallet
 * ran dry, so no request could have met 409 insufficient_funds.
 */
export async function withdrawalChecks(measured: Map<string, Measurement>): Promise<Check[]> {
  if (!fixtures) return [];
  const { walletIds, funded, perRequest } = await fixtures;
  const checks: Check[] = withdrawalScenarios.flatMap((scenario) => {
    const m = measured.get(scenario.name);
    if (!m) return [];
    return [
      {
        name: `${scenario.name} answered only 2xx`,
        ok: isClean(m),
        detail: `status counts ${JSON.stringify(m.statusCodes)}, ${m.errors} errors, ${m.timeouts} timeouts`,
      },
    ];
  });
  const [row] = await getSql()<{ low: string; withdrawals: number }[]>`
    select min(w.available_balance)::text as low,
           (select count(*)::int from customer_transactions t where t.wallet_id = any(${walletIds}::uuid[]) and t.payout_kind = 'withdrawal') as withdrawals
      from wallets w where w.id = any(${walletIds}::uuid[])`;
  const low = BigInt(row!.low);
  checks.push({
    name: 'withdrawal wallets never ran dry',
    ok: low >= perRequest,
    detail:
      `${row!.withdrawals.toLocaleString('en')} withdrawals initiated (warm-ups included); lowest available balance left ` +
      `${(Number(low) / 100).toLocaleString('en')} of ${(Number(funded) / 100).toLocaleString('en')} GHS`,
  });
  return checks;
}
