/**
 * `npm run bench`: the service under load on this machine. Builds the app if needed, starts a
 * throwaway embedded PostgreSQL and `next start` on 127.0.0.1, then measures with autocannon, in one
 * run: the framework's ceiling (a route with no database work, before and after everything else, the
 * mean of both counting), then each scenario of bench/scenarios.ts, compared with that ceiling; pairs
 * of scenarios are also compared with each other (`comparisons`: listing 100 vs 100,000 transactions,
 * bench/ledger.ts; withdrawals on one wallet vs 100, bench/withdrawals.ts). Then, with the server idle,
 * the settlement of 10,000 deposits, timed against 100 (bench/ledger.ts). The books are reconciled
 * after seeding, after the load and after settlement. Prints a table and writes
 * bench/results/<timestamp>.json.
 *
 *   BENCH_DURATION=10       seconds per measurement (1–600)
 *   BENCH_SERVER_WARMUP=20  seconds of load on a fresh server, cycling through every target, before
 *                           the first measurement (0–300): a just-started next-server needs ~20 s
 *                           of traffic to reach its steady speed
 *   BENCH_WARMUP=2          seconds of warm-up of each target right before its measurement (0–60)
 *   BENCH_ONLY=a,b          only these (the ceiling always runs): scenario names; comparison names, each
 *                           selecting its two scenarios (list-transactions, list-filtered, their -c1
 *                           variants at one connection, withdrawals); settle-10k (the settlement
 *                           timing); webhooks (bench/webhooks.ts, run last and only when named; alone it
 *                           is also `npm run bench:webhooks`)
 *   BENCH_SETTLE_RUNS=3     settlement runs of each size (1–10), interleaved; the median counts
 *   BENCH_EXPLAIN=1         print EXPLAIN ANALYZE of the listing's statements after seeding
 *   BENCH_ENFORCE_GOALS=1   exit with status 2 when a goal is missed
 */
import { buildIfNeeded } from '../scripts/lib/next-build';
import { analyzeDatabase, startBenchDatabase } from './lib/database';
import { startServer } from './lib/server';
import { cpuProbe } from './lib/cpu';
import { isClean, measure, type LoadRequest, type Measurement } from './lib/load';
import { closeDatabase, getDb } from '../lib/platform/db/client';
import { reconcileLedger } from '../lib/books/ledger/reconcile';
import {
  compare,
  gitInfo,
  judge,
  machineInfo,
  median,
  printReport,
  writeReport,
  type BenchReport,
  type ComparisonResult,
  type ScenarioResult,
  type TimingResult,
} from './lib/report';
import { statementBreakdown } from './lib/traced-db';
import { ceiling, comparisons, scenarios, type BenchContext, type Check, type Scenario } from './scenarios';
import { prepareSettlement, SETTLE_LARGE, SETTLE_MAX_MS, SETTLE_SMALL, SETTLEMENT, timeSettlements } from './ledger';
import { withdrawalChecks } from './withdrawals';
import type { DepositFixture } from './lib/paid-checkouts';
import { nextProfilingArgs, printStatements, PROFILING, statementProbe, type StatementCost } from './lib/profile';
import type { WebhookBenchResult } from './webhooks';

process.env.NEXT_TELEMETRY_DISABLED = '1';

const CONNECTIONS = 10;
/** Runs only when named in BENCH_ONLY (it has its own `npm run bench:webhooks`). */
const WEBHOOKS = 'webhooks';

function intSetting(name: string, fallback: number, min: number, max: number, unit = 'seconds'): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number of ${unit} from ${min} to ${max} (got ${raw})`);
  }
  return value;
}

function selection(): { selected: Scenario[]; settlement: boolean; webhooks: boolean } {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!only?.length) return { selected: scenarios, settlement: true, webhooks: false };
  const known = [...scenarios.map((s) => s.name), ...comparisons.map((c) => c.name), SETTLEMENT, WEBHOOKS];
  const unknown = only.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new Error(`BENCH_ONLY names unknown scenarios: ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  const names = new Set(
    only.flatMap((name) => {
      const comparison = comparisons.find((c) => c.name === name);
      return comparison ? [comparison.baseline, comparison.subject] : [name];
    }),
  );
  return {
    selected: scenarios.filter((s) => names.has(s.name)),
    settlement: names.has(SETTLEMENT),
    webhooks: names.has(WEBHOOKS),
  };
}

/** Undone in reverse order on success, failure, Ctrl+C or the watchdog. */
const cleanups: Array<() => Promise<void>> = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    await cleanups.pop()!().catch((error: unknown) => console.error('Cleanup failed:', error));
  }
}
let exiting = false;
async function exit(code: number): Promise<never> {
  if (!exiting) {
    exiting = true;
    await cleanUp();
  }
  process.exit(code);
}
process.on('SIGINT', () => void exit(130));
process.on('SIGTERM', () => void exit(143));

/** One request sent by hand first, so a broken scenario fails with the server's answer, not a table of 4xx. */
async function probe(baseUrl: string, scenario: Scenario, request: LoadRequest): Promise<void> {
  const sent = request.setupRequest ? request.setupRequest({ ...request }, {}) : request;
  const res = await fetch(`${baseUrl}${sent.path ?? '/'}`, {
    method: sent.method ?? 'GET',
    headers: sent.headers,
    body: sent.body,
    signal: AbortSignal.timeout(5_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${scenario.name}: ${scenario.label} answered ${res.status}: ${text.slice(0, 500)}`);
}

/** The whole journal against every wallet (lib/books/ledger/reconcile.ts). */
async function booksCheck(name: string): Promise<Check> {
  const books = await reconcileLedger(getDb());
  return {
    name,
    ok: books.balanced,
    detail: books.balanced
      ? `${books.entries_checked.toLocaleString('en')} entries, ${books.wallets_checked.toLocaleString('en')} wallets`
      : JSON.stringify(books).slice(0, 500),
  };
}

async function main(): Promise<number> {
  const durationSeconds = intSetting('BENCH_DURATION', 10, 1, 600);
  const warmupSeconds = intSetting('BENCH_WARMUP', 2, 0, 60);
  const serverWarmupSeconds = intSetting('BENCH_SERVER_WARMUP', 20, 0, 300);
  const settleRuns = intSetting('BENCH_SETTLE_RUNS', 3, 1, 10, 'runs');
  const { selected, settlement, webhooks } = selection();
  const startedAt = new Date().toISOString();

  // Before anything needs cleaning up: a failed build exits the process.
  buildIfNeeded();

  const runs = selected.length + 2;
  // Seeding: 100,100 listing rows; 101 funded withdrawal wallets; per settlement run 10,100 paid
  // checkouts to seed and settle; the webhook benchmark pays 500 checkouts and delivers 2,500 events.
  const seedingSeconds =
    (selected.some((s) => s.name.startsWith('list-')) ? 120 : 0) +
    (selected.some((s) => s.name.startsWith('withdraw-')) ? 90 : 0) +
    (settlement ? 30 + settleRuns * 60 : 0) +
    (webhooks ? 300 : 0);
  const budgetSeconds = runs * (durationSeconds + warmupSeconds + 30) + serverWarmupSeconds + 120 + seedingSeconds;
  setTimeout(() => {
    console.error(`The benchmark ran past its ${budgetSeconds} s budget: stopping.`);
    void exit(1);
  }, budgetSeconds * 1000).unref();

  console.log('Starting a temporary embedded PostgreSQL…');
  const db = await startBenchDatabase();
  cleanups.push(db.stop);
  console.log('Starting next start on 127.0.0.1…');
  const server = await startServer({ readyPath: '/api/ping', nodeArgs: nextProfilingArgs() });
  cleanups.push(server.stop);
  const ctx: BenchContext = {
    baseUrl: server.baseUrl,
    databaseUrl: db.url,
    merchant: db.merchant,
    settings: { durationSeconds, warmupSeconds, serverWarmupSeconds },
  };
  const cpu = cpuProbe({ serverPid: server.pid, postgresDataDir: db.postgresDataDir });
  const statements = PROFILING ? statementProbe(db.url) : null;
  if (statements) cleanups.push(statements.close);
  const profiles: [string, StatementCost[]][] = [];
  const checks: Check[] = [];

  // Each scenario prepares once (bounded setup, e.g. rows to read), and is checked with one request.
  const requests = new Map<Scenario, LoadRequest>();
  for (const scenario of [ceiling, ...selected]) {
    const request = await scenario.prepare(ctx);
    await probe(ctx.baseUrl, scenario, request);
    requests.set(scenario, request);
  }
  let settlementFixtures: DepositFixture[] = [];
  if (settlement) {
    const prepared = await prepareSettlement(settleRuns);
    settlementFixtures = prepared.fixtures;
    checks.push(prepared.check);
  }
  checks.push(await booksCheck('books balanced before the load'));
  // The server has its own pool; this process needs none while the load runs.
  await closeDatabase();
  const load = (scenario: Scenario, seconds: number) =>
    measure(ctx.baseUrl, requests.get(scenario)!, {
      connections: scenario.connections ?? CONNECTIONS,
      durationSeconds: seconds,
    });

  if (serverWarmupSeconds > 0) {
    console.log(`Warming the server up for ${serverWarmupSeconds} s…`);
    const targets = [ceiling, ...selected];
    const slice = Math.min(2, serverWarmupSeconds);
    for (let spent = 0, i = 0; spent < serverWarmupSeconds; spent += slice, i++)
      await load(targets[i % targets.length]!, slice);
  }

  const run = async (scenario: Scenario): Promise<Measurement> => {
    await analyzeDatabase(db.url);
    if (warmupSeconds > 0) await load(scenario, warmupSeconds);
    process.stdout.write(`  ${scenario.name.padEnd(22)} ${scenario.label} for ${durationSeconds} s… `);
    await statements?.start();
    const start = cpu?.snapshot();
    const m = await load(scenario, durationSeconds);
    if (cpu && start) m.cpu = cpu.between(start, cpu.snapshot(), m.requests);
    if (statements) profiles.push([scenario.name, await statements.read(m.requests)]);
    const cpuNote = m.cpu
      ? `; CPU per request: next ${m.cpu.msPerRequest.server} ms, postgres ${m.cpu.msPerRequest.database} ms`
      : '';
    const status = isClean(m)
      ? ''
      : ` (NOT CLEAN: ${JSON.stringify(m.statusCodes)}, ${m.errors} errors, ${m.timeouts} timeouts)`;
    console.log(
      `${m.reqPerSec.toFixed(0)} req/s, p50 ${m.latencyMs.p50} ms, p99 ${m.latencyMs.p99} ms${cpuNote}${status}`,
    );
    return m;
  };

  console.log(`Measuring at ${CONNECTIONS} connections (unless a scenario says otherwise):`);
  const before = await run(ceiling);
  const measured: Array<{ scenario: Scenario; measurement: Measurement }> = [];
  for (const scenario of selected) measured.push({ scenario, measurement: await run(scenario) });
  const after = await run(ceiling);
  for (const [name, costs] of profiles) printStatements(name, costs);
  checks.push(
    await booksCheck('books balanced after the load'),
    ...(await withdrawalChecks(new Map(measured.map((m) => [m.scenario.name, m.measurement])))),
  );

  const timings: TimingResult[] = [];
  if (settlement) {
    console.log(
      `Settling (runSettlement in this process, the server idle), ${settleRuns} run${settleRuns === 1 ? '' : 's'} of each size:`,
    );
    const settled = await timeSettlements(db.url, settlementFixtures);
    checks.push(settled.check);
    const of = (size: number) => settled.runs.filter((r) => r.deposits === size);
    const large = of(SETTLE_LARGE);
    const medianLarge = median(large.map((r) => r.ms));
    // The run closest to the median: its statements explain the figure.
    const typical = [...large].sort((a, b) => Math.abs(a.ms - medianLarge) - Math.abs(b.ms - medianLarge))[0]!;
    timings.push({
      name: SETTLEMENT,
      label: `Settlement of one wallet's due deposits (runSettlement with merchant_id, as POST /api/admin/v1/settlements/run)`,
      baseline: {
        size: SETTLE_SMALL,
        runsMs: of(SETTLE_SMALL).map((r) => r.ms),
        medianMs: median(of(SETTLE_SMALL).map((r) => r.ms)),
      },
      subject: { size: SETTLE_LARGE, runsMs: large.map((r) => r.ms), medianMs: medianLarge },
      maxMs: SETTLE_MAX_MS,
      goalMet: medianLarge < SETTLE_MAX_MS,
      breakdown: statementBreakdown(typical.statements),
    });
  }

  let webhookResult: WebhookBenchResult | undefined;
  if (webhooks) {
    console.log('Webhooks (bench/webhooks.ts, with a worker process):');
    const { printWebhookBench, runWebhookBench } = await import('./webhooks');
    webhookResult = await runWebhookBench({ postgresDataDir: db.postgresDataDir });
    printWebhookBench(webhookResult);
  }

  const ceilingReqPerSec = (before.reqPerSec + after.reqPerSec) / 2;
  const results: ScenarioResult[] = measured.map(({ scenario, measurement }) => ({
    name: scenario.name,
    label: scenario.label,
    measurement,
    ...judge(
      measurement,
      (scenario.connections ?? CONNECTIONS) === CONNECTIONS ? ceilingReqPerSec : null,
      scenario.goal,
    ),
    goal: scenario.goal,
  }));
  const byName = new Map(measured.map(({ scenario, measurement }) => [scenario.name, measurement]));
  const compared: ComparisonResult[] = comparisons.flatMap((c) => {
    const baseline = byName.get(c.baseline);
    const subject = byName.get(c.subject);
    return baseline && subject ? [compare(c, baseline, subject)] : [];
  });
  const all = [before, after, ...results.map((r) => r.measurement)];
  const report: BenchReport = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: machineInfo(),
    git: gitInfo(),
    settings: { connections: CONNECTIONS, durationSeconds, warmupSeconds, serverWarmupSeconds },
    ceiling: {
      label: ceiling.label,
      runs: [before, after],
      reqPerSec: ceilingReqPerSec,
      p99Ms: (before.latencyMs.p99 + after.latencyMs.p99) / 2,
    },
    scenarios: results,
    comparisons: compared,
    timings,
    checks,
    ...(webhookResult ? { webhooks: webhookResult } : {}),
    clean: all.every(isClean),
    allGoalsMet:
      results.every((r) => r.goalMet !== false) &&
      compared.every((c) => c.goalMet) &&
      timings.every((t) => t.goalMet) &&
      (webhookResult?.latency.pass ?? true),
  };
  printReport(report);
  console.log(`\nResults: ${writeReport(report)}`);

  if (!report.clean || !checks.every((c) => c.ok)) return 1;
  if (!report.allGoalsMet && ['1', 'true'].includes(process.env.BENCH_ENFORCE_GOALS ?? '')) return 2;
  return 0;
}

main().then(
  (code) => exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return exit(1);
  },
);
