/**
 * `npm run bench`: the service under load on this machine. Builds the app if needed, starts a
 * throwaway embedded PostgreSQL and `next start` on 127.0.0.1, then measures with autocannon, in one
 * run: the framework's ceiling (a route with no database work, before and after everything else, the
 * mean of both counting), then each scenario of bench/scenarios.ts, compared with that ceiling.
 * Prints a table and writes bench/results/<timestamp>.json.
 *
 *   BENCH_DURATION=10       seconds per measurement (1–600)
 *   BENCH_SERVER_WARMUP=20  seconds of load on a fresh server, cycling through every target, before
 *                           the first measurement (0–300): a just-started next-server needs ~20 s
 *                           of traffic to reach its steady speed
 *   BENCH_WARMUP=2          seconds of warm-up of each target right before its measurement (0–60)
 *   BENCH_ONLY=a,b          only these scenarios (the ceiling always runs)
 *   BENCH_ENFORCE_GOALS=1   exit with status 2 when a goal is missed
 */
import { buildIfNeeded } from '../scripts/lib/next-build';
import { startBenchDatabase } from './lib/database';
import { startServer } from './lib/server';
import { cpuProbe } from './lib/cpu';
import { isClean, measure, type LoadRequest, type Measurement } from './lib/load';
import { gitInfo, judge, machineInfo, printReport, writeReport, type BenchReport, type ScenarioResult } from './lib/report';
import { ceiling, scenarios, type BenchContext, type Scenario } from './scenarios';

process.env.NEXT_TELEMETRY_DISABLED = '1';

const CONNECTIONS = 10;

function intSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number of seconds from ${min} to ${max} (got ${raw})`);
  }
  return value;
}

function selectedScenarios(): Scenario[] {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!only?.length) return scenarios;
  const unknown = only.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length) {
    throw new Error(`BENCH_ONLY names unknown scenarios: ${unknown.join(', ')} (known: ${scenarios.map((s) => s.name).join(', ')})`);
  }
  return scenarios.filter((s) => only.includes(s.name));
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

async function main(): Promise<number> {
  const durationSeconds = intSetting('BENCH_DURATION', 10, 1, 600);
  const warmupSeconds = intSetting('BENCH_WARMUP', 2, 0, 60);
  const serverWarmupSeconds = intSetting('BENCH_SERVER_WARMUP', 20, 0, 300);
  const selected = selectedScenarios();
  const startedAt = new Date().toISOString();

  // Before anything needs cleaning up: a failed build exits the process.
  buildIfNeeded();

  const runs = selected.length + 2;
  const budgetSeconds = runs * (durationSeconds + warmupSeconds + 30) + serverWarmupSeconds + 120;
  setTimeout(() => {
    console.error(`The benchmark ran past its ${budgetSeconds} s budget: stopping.`);
    void exit(1);
  }, budgetSeconds * 1000).unref();

  console.log('Starting a temporary embedded PostgreSQL…');
  const db = await startBenchDatabase();
  cleanups.push(db.stop);
  console.log('Starting next start on 127.0.0.1…');
  const server = await startServer({ readyPath: '/api/ping' });
  cleanups.push(server.stop);
  const ctx: BenchContext = { baseUrl: server.baseUrl, merchant: db.merchant };
  const cpu = cpuProbe({ serverPid: server.pid, postgresDataDir: db.postgresDataDir });

  // Each scenario prepares once (bounded setup, e.g. rows to read), and is checked with one request.
  const requests = new Map<Scenario, LoadRequest>();
  for (const scenario of [ceiling, ...selected]) {
    const request = await scenario.prepare(ctx);
    await probe(ctx.baseUrl, scenario, request);
    requests.set(scenario, request);
  }
  const load = (scenario: Scenario, seconds: number) =>
    measure(ctx.baseUrl, requests.get(scenario)!, { connections: CONNECTIONS, durationSeconds: seconds });

  if (serverWarmupSeconds > 0) {
    console.log(`Warming the server up for ${serverWarmupSeconds} s…`);
    const targets = [ceiling, ...selected];
    const slice = Math.min(2, serverWarmupSeconds);
    for (let spent = 0, i = 0; spent < serverWarmupSeconds; spent += slice, i++) await load(targets[i % targets.length]!, slice);
  }

  const run = async (scenario: Scenario): Promise<Measurement> => {
    if (warmupSeconds > 0) await load(scenario, warmupSeconds);
    process.stdout.write(`  ${scenario.name.padEnd(16)} ${scenario.label} for ${durationSeconds} s… `);
    const start = cpu?.snapshot();
    const m = await load(scenario, durationSeconds);
    if (cpu && start) m.cpu = cpu.between(start, cpu.snapshot(), m.requests);
    const cpuNote = m.cpu ? `; CPU per request: next ${m.cpu.msPerRequest.server} ms, postgres ${m.cpu.msPerRequest.database} ms` : '';
    console.log(`${m.reqPerSec.toFixed(0)} req/s, p99 ${m.latencyMs.p99} ms${cpuNote}${isClean(m) ? '' : ' (NOT CLEAN)'}`);
    return m;
  };

  console.log(`Measuring at ${CONNECTIONS} connections:`);
  const before = await run(ceiling);
  const measured: Array<{ scenario: Scenario; measurement: Measurement }> = [];
  for (const scenario of selected) measured.push({ scenario, measurement: await run(scenario) });
  const after = await run(ceiling);

  const ceilingReqPerSec = (before.reqPerSec + after.reqPerSec) / 2;
  const results: ScenarioResult[] = measured.map(({ scenario, measurement }) => ({
    name: scenario.name,
    label: scenario.label,
    measurement,
    ...judge(measurement, ceilingReqPerSec, scenario.goal),
    goal: scenario.goal,
  }));
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
    clean: all.every(isClean),
    allGoalsMet: results.every((r) => r.goalMet !== false),
  };
  printReport(report);
  console.log(`\nResults: ${writeReport(report)}`);

  if (!report.clean) return 1;
  if (!report.allGoalsMet && ['1', 'true'].includes(process.env.BENCH_ENFORCE_GOALS ?? '')) return 2;
  return 0;
}

main().then(
  (code) => exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    return exit(1);
  },
);
