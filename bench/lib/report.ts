import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Check, Comparison, Goal } from '../scenarios';
import { isClean, type Measurement } from './load';
import type { WebhookBenchResult } from '../webhooks';

export interface ScenarioResult {
  name: string;
  label: string;
  measurement: Measurement;
  /** req/s over the ceiling's mean req/s; null when measured at other than the ceiling's connections. */
  ratio: number | null;
  goal?: Goal;
  /** Undefined when the scenario has no goal. */
  goalMet?: boolean;
}

/** Two scenarios of one run compared (bench/scenarios.ts `comparisons`); every ratio is subject / baseline. */
export interface ComparisonResult {
  name: string;
  label: string;
  baseline: string;
  subject: string;
  reqPerSec: Pair;
  p50Ms: Pair;
  p99Ms: Pair;
  goal: Comparison['goal'];
  /** Both measurements clean and the goal's ratio within bounds. */
  goalMet: boolean;
}

export interface Pair {
  baseline: number;
  subject: number;
  ratio: number;
}

/** A one-off operation timed a few times (not a load), with a smaller same-run baseline. */
export interface TimingResult {
  name: string;
  label: string;
  subject: { size: number; runsMs: number[]; medianMs: number };
  baseline: { size: number; runsMs: number[]; medianMs: number };
  maxMs: number;
  goalMet: boolean;
  /** Where the median subject run spent its time, by statement, slowest first. */
  breakdown: Array<{ statement: string; count: number; ms: number }>;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  machine: { node: string; platform: string; cpus: number; cpuModel: string; memoryGiB: number };
  git: { commit: string | null; dirty: boolean | null };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; serverWarmupSeconds: number };
  ceiling: { label: string; runs: Measurement[]; reqPerSec: number; p99Ms: number };
  scenarios: ScenarioResult[];
  comparisons: ComparisonResult[];
  timings: TimingResult[];
  /** Correctness checks of the run; a failed one fails the run. */
  checks: Check[];
  /** BENCH_ONLY=webhooks: bench/webhooks.ts's figures. */
  webhooks?: WebhookBenchResult;
  /** Every measurement answered only 2xx, with no errors or timeouts. */
  clean: boolean;
  allGoalsMet: boolean;
}

export function judge(measurement: Measurement, ceilingReqPerSec: number | null, goal: Goal | undefined) {
  const ratio = ceilingReqPerSec === null ? null : measurement.reqPerSec / ceilingReqPerSec;
  if (!goal) return { ratio, goalMet: undefined };
  const goalMet =
    ratio !== null &&
    ratio >= goal.minRatio &&
    (goal.maxP99Ms === undefined || measurement.latencyMs.p99 <= goal.maxP99Ms);
  return { ratio, goalMet };
}

export function compare(comparison: Comparison, baseline: Measurement, subject: Measurement): ComparisonResult {
  const pair = (pick: (m: Measurement) => number): Pair => ({
    baseline: pick(baseline),
    subject: pick(subject),
    ratio: pick(baseline) > 0 ? pick(subject) / pick(baseline) : Number.POSITIVE_INFINITY,
  });
  const result = {
    name: comparison.name,
    label: comparison.label,
    baseline: comparison.baseline,
    subject: comparison.subject,
    reqPerSec: pair((m) => m.reqPerSec),
    p50Ms: pair((m) => m.latencyMs.p50),
    p99Ms: pair((m) => m.latencyMs.p99),
    goal: comparison.goal,
  };
  const { goal } = comparison;
  const withinGoal =
    goal.metric === 'p50Ms' ? result.p50Ms.ratio <= goal.maxRatio : result.reqPerSec.ratio >= goal.minRatio;
  return { ...result, goalMet: isClean(baseline) && isClean(subject) && withinGoal };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export function machineInfo(): BenchReport['machine'] {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
}

export function gitInfo(): BenchReport['git'] {
  const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8', timeout: 5_000 });
  const head = git('rev-parse', 'HEAD');
  if (head.status !== 0) return { commit: null, dirty: null };
  const status = git('status', '--porcelain');
  return { commit: head.stdout.trim(), dirty: status.status === 0 ? status.stdout.trim() !== '' : null };
}

const goalText = (goal: Goal | undefined) =>
  goal ? `≥ ${goal.minRatio.toFixed(2)}${goal.maxP99Ms !== undefined ? `, p99 ≤ ${goal.maxP99Ms} ms` : ''}` : '';

const verdict = (r: ScenarioResult) => (r.goalMet === undefined ? '' : r.goalMet ? 'met' : 'MISSED');

/** Above this many cores used by other processes during a measurement, its figures are suspect. */
const OTHER_CPU_WARNING = 0.25;

export function printReport(report: BenchReport): void {
  const header = [
    'scenario',
    'request',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'goal',
    '',
    'CPU ms/req: next',
    'pg',
    'other cores',
  ];
  const cpuCells = (m: Measurement) =>
    m.cpu
      ? [m.cpu.msPerRequest.server.toFixed(2), m.cpu.msPerRequest.database.toFixed(2), m.cpu.cores.other.toFixed(2)]
      : ['', '', ''];
  const rows: string[][] = [header];
  report.ceiling.runs.forEach((m, i) =>
    rows.push([
      `ceiling (${i === 0 ? 'before' : 'after'})`,
      report.ceiling.label,
      m.reqPerSec.toFixed(0),
      m.latencyMs.p50.toFixed(1),
      m.latencyMs.p99.toFixed(1),
      '',
      '',
      flags(m),
      ...cpuCells(m),
    ]),
  );
  rows.push([
    'ceiling (mean)',
    '',
    report.ceiling.reqPerSec.toFixed(0),
    '',
    report.ceiling.p99Ms.toFixed(1),
    '1.00',
    '',
    '',
    '',
    '',
    '',
  ]);
  for (const r of report.scenarios) {
    const m = r.measurement;
    rows.push([
      r.name,
      r.label,
      m.reqPerSec.toFixed(0),
      m.latencyMs.p50.toFixed(1),
      m.latencyMs.p99.toFixed(1),
      r.ratio?.toFixed(2) ?? '',
      goalText(r.goal),
      `${verdict(r)} ${flags(m)}`.trim(),
      ...cpuCells(m),
    ]);
  }
  const line = table(rows, new Set([2, 3, 4, 5, 8, 9, 10]));
  const all = [...report.ceiling.runs, ...report.scenarios.map((r) => r.measurement)];
  const busiestOther = Math.max(0, ...all.map((m) => m.cpu?.cores.other ?? 0));
  const { settings } = report;
  const notes = [
    report.clean
      ? ''
      : 'Some measurements had errors, timeouts or non-2xx answers: their figures do not describe the success path.',
    busiestOther > OTHER_CPU_WARNING
      ? `Other processes used up to ${busiestOther.toFixed(2)} cores during a measurement: the figures are unreliable; rerun on a quiet machine.`
      : '',
    report.checks.every((c) => c.ok) ? '' : 'Some checks FAILED: the figures are not to be trusted.',
    report.allGoalsMet ? 'All goals met.' : 'Some goals were missed.',
  ];
  console.log(
    [
      '',
      `${settings.connections} connections, ${settings.durationSeconds} s per measurement after ${settings.warmupSeconds} s of warm-up ` +
        `(server warmed up for ${settings.serverWarmupSeconds} s first); ${report.machine.cpus} CPUs shared by load generator, next and PostgreSQL.`,
      '',
      line(header),
      ...rows.slice(1).map(line),
      ...comparisonLines(report.comparisons),
      ...timingLines(report.timings),
      ...checkLines(report.checks),
      '',
      ...notes.filter(Boolean),
    ].join('\n'),
  );
}

/** Columns padded to their widest cell; `numeric` ones right-aligned. */
function table(rows: string[][], numeric: Set<number>) {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return (row: string[]) =>
    row
      .map((cell, col) => (numeric.has(col) ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd();
}

const ratioText = (r: number) => `${r.toFixed(2)}×`;

function comparisonLines(comparisons: ComparisonResult[]): string[] {
  if (!comparisons.length) return [];
  const header = [
    'comparison',
    'baseline → subject',
    'req/s',
    'ratio',
    'p50 ms',
    'ratio',
    'p99 ms',
    'ratio',
    'goal',
    '',
  ];
  const arrow = (p: Pair, digits = 0) => `${p.baseline.toFixed(digits)} → ${p.subject.toFixed(digits)}`;
  const rows = [
    header,
    ...comparisons.map((c) => [
      c.name,
      `${c.baseline} → ${c.subject}`,
      arrow(c.reqPerSec),
      ratioText(c.reqPerSec.ratio),
      arrow(c.p50Ms),
      ratioText(c.p50Ms.ratio),
      arrow(c.p99Ms),
      ratioText(c.p99Ms.ratio),
      c.goal.metric === 'p50Ms'
        ? `p50 ratio ≤ ${c.goal.maxRatio.toFixed(2)}`
        : `req/s ratio ≥ ${c.goal.minRatio.toFixed(2)}`,
      c.goalMet ? 'met' : 'MISSED',
    ]),
  ];
  const line = table(rows, new Set([2, 3, 4, 5, 6, 7]));
  return ['', 'Same-run comparisons (ratio = subject / baseline):', '', ...rows.map(line)];
}

function checkLines(checks: Check[]): string[] {
  if (!checks.length) return [];
  return ['', 'Checks:', ...checks.map((c) => `  ${c.ok ? 'ok    ' : 'FAILED'}  ${c.name}: ${c.detail}`)];
}

function timingLines(timings: TimingResult[]): string[] {
  const out: string[] = [];
  for (const t of timings) {
    const runs = (r: number[]) => r.map((ms) => ms.toFixed(0)).join(', ');
    const rows = [
      ['', 'size', 'median ms', 'runs ms', 'ms per item', 'ratio', 'goal', ''],
      [
        t.name,
        t.baseline.size.toLocaleString('en'),
        t.baseline.medianMs.toFixed(0),
        runs(t.baseline.runsMs),
        (t.baseline.medianMs / t.baseline.size).toFixed(3),
        '',
        '',
        '',
      ],
      [
        '',
        t.subject.size.toLocaleString('en'),
        t.subject.medianMs.toFixed(0),
        runs(t.subject.runsMs),
        (t.subject.medianMs / t.subject.size).toFixed(3),
        ratioText(t.subject.medianMs / t.baseline.medianMs),
        `< ${t.maxMs} ms`,
        t.goalMet ? 'met' : 'MISSED',
      ],
    ];
    const line = table(rows, new Set([1, 2, 4, 5]));
    out.push('', `${t.label}:`, '', ...rows.map(line));
    if (t.breakdown.length) {
      const total = t.breakdown.reduce((ms, b) => ms + b.ms, 0);
      out.push(
        '',
        `  Where the median ${t.subject.size.toLocaleString('en')} run spent its time (statement sent → next one sent):`,
      );
      for (const b of t.breakdown.slice(0, 8)) {
        out.push(
          `  ${b.ms.toFixed(0).padStart(6)} ms ${((100 * b.ms) / total).toFixed(0).padStart(3)} %  ${String(b.count).padStart(3)}×  ${b.statement}`,
        );
      }
    }
  }
  return out;
}

function flags(m: Measurement): string {
  if (isClean(m)) return '';
  const parts = [];
  if (m.non2xx) parts.push(`${m.non2xx} non-2xx ${JSON.stringify(m.statusCodes)}`);
  if (m.errors) parts.push(`${m.errors} errors`);
  if (m.timeouts) parts.push(`${m.timeouts} timeouts`);
  return `[${parts.join(', ')}]`;
}

/** bench/results/<timestamp>.json (git-ignored); returns the path. */
export function writeReport(report: BenchReport, dir = path.resolve('bench', 'results')): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${report.startedAt.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
