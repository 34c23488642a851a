import fs from 'node:fs';
import path from 'node:path';
import type { Exchange } from './client';
import type { Fault } from './faults';
import type { Check } from './invariants';
import type { Receiver } from './receivers';

/** Seconds with one decimal. */
const s = (ms: number) => (ms / 1000).toFixed(1);
const seconds = (ms: number | null) => (ms === null ? '—' : s(ms));

export interface Recovery {
  fault: Fault;
  /** From the fault's start to the first successful answer to a request sent after it. */
  firstSuccessMs: number | null;
  /** From the fault's start to the first write (a POST) sent after it and answered 2xx. */
  firstWriteMs: number | null;
  /** From the moment what failed was back to the first thing it did again (a request, a delivery). */
  backToWorkMs: number | null;
  serverErrors: number;
}

export function recoveries(faults: Fault[], exchanges: Exchange[], receivers: Receiver[]): Recovery[] {
  const arrivals = receivers.flatMap((r) => r.arrivals.map((at) => ({ at, receiver: r.name })));
  const firstAfter = (times: number[], from: number) => {
    const after = times.filter((t) => t >= from);
    return after.length ? Math.min(...after) - from : null;
  };
  const successes = exchanges.filter((e) => e.status >= 200 && e.status < 300);
  return faults.map((fault) => {
    const answeredAfter = (from: number) =>
      firstAfter(
        successes.filter((e) => e.at >= from).map((e) => e.at + e.ms),
        from,
      );
    const back =
      fault.kind === 'kill worker'
        ? firstAfter(
            arrivals.map((a) => a.at),
            fault.restoredAt,
          )
        : fault.kind === 'receiver hangs'
          ? firstAfter(
              arrivals.filter((a) => a.receiver === fault.target).map((a) => a.at),
              fault.restoredAt,
            )
          : answeredAfter(fault.restoredAt);
    return {
      fault,
      firstSuccessMs: answeredAfter(fault.at),
      firstWriteMs: firstAfter(
        successes.filter((e) => e.at >= fault.at && e.route.startsWith('POST')).map((e) => e.at + e.ms),
        fault.at,
      ),
      backToWorkMs: back,
      serverErrors: exchanges.filter((e) => e.status >= 500 && e.at >= fault.at && e.at <= fault.restoredAt + 2_000)
        .length,
    };
  });
}

export function renderReport(options: {
  startedAt: number;
  loadMs: number;
  seed: number;
  checks: Check[];
  recoveries: Recovery[];
  exchanges: Exchange[];
  summary: Record<string, string | number>;
}): string {
  const { checks, startedAt } = options;
  const lines = [
    `Chaos run ${new Date(startedAt).toISOString()}, seed ${options.seed}, load ${s(options.loadMs)} s: ${checks.every((c) => c.ok) ? 'PASSED' : 'FAILED'}`,
    '',
    '| invariant | holds | found |',
    '|---|---|---|',
    ...checks.map((c) => `| ${c.name} | ${c.ok ? 'yes' : '**NO**'} | ${c.found.replace(/\n/g, '<br>')} |`),
    '',
    '| fault | target | at (s) | down (s) | failover (s) | first success after (s) | first write after (s) | back to work after (s) | 5xx until 2 s after |',
    '|---|---|---|---|---|---|---|---|---|',
    ...options.recoveries.map(
      (r) =>
        `| ${r.fault.kind} | ${r.fault.detail ?? r.fault.target} | ${s(r.fault.at - startedAt)} | ${s(r.fault.downMs)} | ${r.fault.failoverMs === undefined ? '' : s(r.fault.failoverMs)} | ${seconds(r.firstSuccessMs)} | ${seconds(r.firstWriteMs)} | ${seconds(r.backToWorkMs)} | ${r.serverErrors} |`,
    ),
    '',
    '| workload | figure |',
    '|---|---|',
    ...Object.entries(options.summary).map(([k, v]) => `| ${k} | ${v} |`),
  ];
  return lines.join('\n');
}

export function writeResults(dir: string, markdown: string, data: unknown): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'results.md'), `${markdown}\n`);
  fs.writeFileSync(path.join(dir, 'results.json'), JSON.stringify(data, null, 2));
  return path.join(dir, 'results.md');
}
