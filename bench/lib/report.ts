import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Goal } from '../scenarios';
import { isClean, type Measurement } from './load';

export interface ScenarioResult {
  name: string;
  label: string;
  measurement: Measurement;
  /** req/s over the ceiling's mean req/s. */
  ratio: number;
  goal?: Goal;
  /** Undefined when the scenario has no goal. */
  goalMet?: boolean;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  machine: { node: string; platform: string; cpus: number; cpuModel: string; memoryGiB: number };
  git: { commit: string | null; dirty: boolean | null };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; serverWarmupSeconds: number };
  ceiling: { label: string; runs: Measurement[]; reqPerSec: number; p99Ms: number };
  scenarios: ScenarioResult[];
  /** Every measurement answered only 2xx, with no errors or timeouts. */
  clean: boolean;
  allGoalsMet: boolean;
}

export function judge(measurement: Measurement, ceilingReqPerSec: number, goal: Goal | undefined) {
  const ratio = measurement.reqPerSec / ceilingReqPerSec;
  if (!goal) return { ratio, goalMet: undefined };
  const goalMet = ratio >= goal.minRatio && (goal.maxP99Ms === undefined || measurement.latencyMs.p99 <= goal.maxP99Ms);
  return { ratio, goalMet };
}

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
  const header = ['scenario', 'request', 'req/s', 'p99 ms', 'ratio', 'goal', '', 'CPU ms/req: next', 'pg', 'other cores'];
  const cpuCells = (m: Measurement) =>
    m.cpu
      ? [m.cpu.msPerRequest.server.toFixed(2), m.cpu.msPerRequest.database.toFixed(2), m.cpu.cores.other.toFixed(2)]
      : ['', '', ''];
  const rows: string[][] = [header];
  report.ceiling.runs.forEach((m, i) =>
    rows.push([`ceiling (${i === 0 ? 'before' : 'after'})`, report.ceiling.label, m.reqPerSec.toFixed(0), m.latencyMs.p99.toFixed(1), '', '', flags(m), ...cpuCells(m)]),
  );
  rows.push(['ceiling (mean)', '', report.ceiling.reqPerSec.toFixed(0), report.ceiling.p99Ms.toFixed(1), '1.00', '', '', '', '', '']);
  for (const r of report.scenarios) {
    const m = r.measurement;
    rows.push([r.name, r.label, m.reqPerSec.toFixed(0), m.latencyMs.p99.toFixed(1), r.ratio.toFixed(2), goalText(r.goal), `${verdict(r)} ${flags(m)}`.trim(), ...cpuCells(m)]);
  }
  const widths = header.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const numeric = new Set([2, 3, 4, 7, 8, 9]);
  const line = (row: string[]) =>
    row.map((cell, col) => (numeric.has(col) ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!))).join('  ').trimEnd();
  const all = [...report.ceiling.runs, ...report.scenarios.map((r) => r.measurement)];
  const busiestOther = Math.max(0, ...all.map((m) => m.cpu?.cores.other ?? 0));
  const { settings } = report;
  const notes = [
    report.clean ? '' : 'Some measurements had errors, timeouts or non-2xx answers: their figures do not describe the success path.',
    busiestOther > OTHER_CPU_WARNING
      ? `Other processes used up to ${busiestOther.toFixed(2)} cores during a measurement: the figures are unreliable; rerun on a quiet machine.`
      : '',
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
      '',
      ...notes.filter(Boolean),
    ].join('\n'),
  );
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
