import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Fault } from './faults';
import { DATABASE_FAULTS, type Check } from './invariants';

/**
 * Prometheus's view of the run: every web instance's `GET /api/metrics` scraped every 2 s (as a
 * Prometheus would, with the bearer token), the samples the alert rules read kept with their time.
 * Afterwards: the shipped rules pass `promtool check rules` and their unit tests, and the series they
 * read moved during the faults the way the rules expect (deploy/prometheus/alerts.yml).
 */
const SCRAPE_EVERY_MS = 2_000;
const WATCHED = [
  'payments_db_unreachable',
  'payments_state_read_ok',
  'payments_db_outages_total',
  'payments_workers_live',
  'payments_webhook_backlog',
  'payments_http_requests_total',
  'payments_jobs_ready',
];

export interface Sample {
  at: number;
  instance: string;
  name: string;
  labels: string;
  value: number;
}

export interface MetricsWatch {
  samples: Sample[];
  /** Scrapes that failed (the instance was down or restarting). */
  failedScrapes: number;
  stop(): void;
}

export function watchMetrics(instances: { name: string; url: string }[], token: string): MetricsWatch {
  const watch: MetricsWatch = { samples: [], failedScrapes: 0, stop: () => clearInterval(timer) };
  const scrape = async (instance: { name: string; url: string }) => {
    const at = Date.now();
    try {
      const res = await fetch(`${instance.url}/api/metrics`, {
        headers: { authorization: `Bearer ${token}` },
        // Prometheus's default scrape timeout is 10 s; the endpoint answers within about 2.
        signal: AbortSignal.timeout(3_000),
      });
      if (!res.ok) throw new Error(String(res.status));
      for (const line of (await res.text()).split('\n')) {
        const match = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
        if (match && WATCHED.includes(match[1]!))
          watch.samples.push({
            at,
            instance: instance.name,
            name: match[1]!,
            labels: match[2] ?? '',
            value: Number(match[3]),
          });
      }
    } catch {
      watch.failedScrapes++;
    }
  };
  const timer = setInterval(() => void Promise.all(instances.map(scrape)), SCRAPE_EVERY_MS);
  return watch;
}

/** The shipped rules and their unit tests, through promtool (Debian's prometheus package). */
export function checkAlertRules(): Check[] {
  const dir = path.resolve('deploy/prometheus');
  const run = (args: string[]) => {
    try {
      return { ok: true, out: execFileSync('promtool', args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' }) };
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string; message: string };
      return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? e.message}` };
    }
  };
  const checked = run(['check', 'rules', 'alerts.yml']);
  const tested = run(['test', 'rules', 'alerts.test.yml']);
  const line = (out: string) => out.trim().split('\n').slice(-1)[0]?.trim() ?? '';
  return [
    {
      name: 'alert rules: promtool check rules deploy/prometheus/alerts.yml',
      ok: checked.ok,
      found: line(checked.out),
    },
    { name: 'alert rules: their unit tests (promtool test rules)', ok: tested.ok, found: line(tested.out) },
  ];
}

/** The series the alerts read, during the faults that should move them. */
export function checkAlertSeries(watch: MetricsWatch, faults: Fault[]): Check[] {
  const checks: Check[] = [];
  const within = (s: Sample, f: Fault, afterMs: number) => s.at >= f.at && s.at <= f.restoredAt + afterMs;
  const databaseFaults = faults.filter((f) => DATABASE_FAULTS.includes(f.kind));
  // A crashed postmaster fails over within a scrape or two (about 3 s): too short to ask of a 2 s scrape.
  const longOutages = databaseFaults.filter((f) => f.kind !== 'kill postmaster');
  // What PaymentsDatabaseUnreachable reads: the pool's verdict, or the state unreadable at the scrape.
  const down = (s: Sample) =>
    (s.name === 'payments_db_unreachable' && s.value === 1) || (s.name === 'payments_state_read_ok' && s.value === 0);
  const seen = longOutages.map((f) => watch.samples.some((s) => down(s) && within(s, f, 2_000)));
  const last = new Map<string, Sample>();
  for (const s of watch.samples) if (s.name === 'payments_state_read_ok') last.set(s.instance, s);
  checks.push({
    name: 'alert series: the database alert’s series rose during each failover and partition, and fell after',
    ok: longOutages.length > 0 && seen.every(Boolean) && [...last.values()].every((s) => s.value === 1),
    found: `${seen.filter(Boolean).length} of ${longOutages.length} faults seen; state read at the end: ${[...last.values()].map((s) => `${s.instance} ${s.value}`).join(', ')}`,
  });
  const hangs = faults.filter((f) => f.kind === 'receiver hangs');
  const held = hangs.map((f) =>
    watch.samples.some(
      (s) =>
        s.name === 'payments_webhook_backlog' && s.labels.includes('"failing"') && s.value > 0 && within(s, f, 10_000),
    ),
  );
  checks.push({
    name: "alert series: a hanging receiver's backlog counted as a failing endpoint's, not a healthy one's",
    ok: hangs.length > 0 && held.every(Boolean),
    found: `${held.filter(Boolean).length} of ${hangs.length} hangs seen in payments_webhook_backlog{endpoint_class="failing"}`,
  });
  // Outside the database faults: a failover longer than four heartbeats leaves none recent for a while.
  const workers = watch.samples
    .filter((s) => s.name === 'payments_workers_live' && !databaseFaults.some((f) => within(s, f, 25_000)))
    .map((s) => s.value);
  checks.push({
    name: 'alert series: payments_workers_live never 0 outside the database faults (one worker killed at a time)',
    ok: workers.length > 0 && Math.min(...workers) >= 1,
    found: `${workers.length} samples, least ${Math.min(...workers)}; ${watch.failedScrapes} scrapes failed (instances down)`,
  });
  return checks;
}
