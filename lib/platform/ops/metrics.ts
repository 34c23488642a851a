import { Counter, Gauge, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { databaseActivity } from '../db/client';
import { HEARTBEAT_INTERVAL_MS } from '../jobs/queue';
import { processMetrics } from '../http/request-metrics';
import { callbackSpoolDir, spoolBacklog } from './spool';

/**
 * What an operator's Prometheus scrapes from each web instance at `GET /api/metrics` (docs/operations.md,
 * "Metrics and alerts"; the alert rules in deploy/prometheus/alerts.yml read these names). Two kinds:
 * this process's own (requests by route and status, its database pool, Node's defaults), counted as
 * they happen; and the service's state, read from the database at each scrape (the same from every
 * instance: rules take `max`), so no worker or job has to report anything.
 */
/** How long a scrape waits for the state read before answering without it. */
const STATE_READ_MS = 2_000;

export interface RailCircuit {
  rail: string;
  state: 'up' | 'down' | 'probing';
}

/** The service's state, one statement: each figure is a count and the age of its oldest, in seconds. */
async function readState(db: Db) {
  const [row] = await db.execute<Record<string, number | null>>(sql`
    select
      (select count(*) from payment_attempts a where a.status = 'processing' and a.method = 'mobile_money')::int as attempts,
      (select extract(epoch from now() - min(a.created_at)) from payment_attempts a
        where a.status = 'processing' and a.method = 'mobile_money')::float8 as attempts_age,
      (select count(*) from customer_transactions t where t.payout_status = 'processing')::int as payouts,
      (select extract(epoch from now() - min(t.processing_at)) from customer_transactions t
        where t.payout_status = 'processing')::float8 as payouts_age,
      (select count(*) from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
        where d.status = 'pending' and d.next_attempt_at <= now() and w.failing_since is null)::int as backlog_healthy,
      (select extract(epoch from now() - min(d.created_at)) from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
        where d.status = 'pending' and d.next_attempt_at <= now() and w.failing_since is null)::float8 as backlog_healthy_age,
      (select count(*) from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
        where d.status = 'pending' and w.failing_since is not null)::int as backlog_failing,
      (select extract(epoch from now() - min(d.created_at)) from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
        where d.status = 'pending' and w.failing_since is not null)::float8 as backlog_failing_age,
      (select count(*) from graphile_worker.jobs j where j.locked_at is null and j.run_at <= now()
        and j.attempts < j.max_attempts)::int as jobs_ready,
      (select extract(epoch from now() - min(j.run_at)) from graphile_worker.jobs j where j.locked_at is null
        and j.run_at <= now() and j.attempts < j.max_attempts)::float8 as jobs_ready_age,
      (select count(*) from graphile_worker.jobs j where j.locked_at is not null)::int as jobs_running,
      (select count(*) from worker_heartbeats h
        where h.beat_at > now() - make_interval(secs => ${(HEARTBEAT_INTERVAL_MS * 4) / 1000}))::int as workers,
      (select extract(epoch from now() - max(h.beat_at)) from worker_heartbeats h)::float8 as heartbeat_age`);
  return row!;
}

/** The text Prometheus reads: this process's counters, then the state read now. */
export async function metricsText(db: Db, rails: () => Promise<RailCircuit[]>): Promise<string> {
  const registry = processMetrics();
  const state = new Registry();
  const gauge: GaugeOf = (name, help, values) => {
    const g = new Gauge({
      name,
      help,
      labelNames: [...new Set(values.flatMap(([l]) => Object.keys(l)))],
      registers: [state],
    });
    for (const [labels, value] of values) if (value !== null) g.set(labels, value);
  };
  // Served during a database outage too: the pool's own figures below are what an alert needs then.
  // Within a scrape's time even when the database is slow to refuse (a failover under way).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), STATE_READ_MS)));
  const read = await Promise.race([
    readState(db)
      .then(async (row) => ({ row, rails: await rails() }))
      .catch(() => null),
    late,
  ]).finally(() => clearTimeout(timer));
  gauge('payments_state_read_ok', '1 when the state series were read from the database at this scrape.', [
    [{}, read ? 1 : 0],
  ]);
  if (read) stateGauges(gauge, read.row, read.rails);
  const pool = databaseActivity();
  gauge('payments_db_pool_size', 'Connections this process may open.', [[{}, pool.poolSize]]);
  gauge('payments_db_in_flight', 'Statements and transactions of this process waiting for or holding a connection.', [
    [{}, pool.inFlight],
  ]);
  gauge('payments_db_unreachable', '1 while this process finds the database unreachable.', [
    [{}, pool.unreachable ? 1 : 0],
  ]);
  // Kept on this machine's disk while the database was away, not yet applied (spool.ts).
  const kept = await spoolBacklog(callbackSpoolDir()).catch(() => null);
  gauge('payments_callbacks_kept', 'Provider callbacks this machine keeps on disk until the database takes them.', [
    [{}, kept?.waiting ?? null],
  ]);
  gauge('payments_callbacks_kept_oldest_seconds', 'Age of the oldest of them (absent when none).', [
    [{}, kept?.waiting ? kept.oldestSeconds : null],
  ]);
  gauge('payments_callbacks_set_aside', 'Kept callbacks that could not be applied, in failed/ for an operator.', [
    [{}, kept?.failed ?? null],
  ]);
  const outages = new Counter({
    name: 'payments_db_outages_total',
    help: 'Times this process found the database unreachable (a failover is one).',
    registers: [state],
  });
  outages.inc(pool.outages);
  return `${await registry.metrics()}\n${await state.metrics()}`;
}

type GaugeOf = (name: string, help: string, values: [Record<string, string>, number | null][]) => void;

/** The service's state as read by readState: counts, and the age of the oldest of each. */
function stateGauges(gauge: GaugeOf, s: Awaited<ReturnType<typeof readState>>, rails: RailCircuit[]): void {
  gauge('payments_unresolved_attempts', 'Mobile-money attempts waiting for the provider’s final answer.', [
    [{}, s.attempts!],
  ]);
  gauge('payments_unresolved_attempt_oldest_seconds', 'Age of the oldest of them (absent when none).', [
    [{}, s.attempts_age ?? null],
  ]);
  gauge('payments_payouts_processing', 'Withdrawals and payouts sent to a rail, outcome not yet known.', [
    [{}, s.payouts!],
  ]);
  gauge('payments_payout_processing_oldest_seconds', 'Age of the oldest of them (absent when none).', [
    [{}, s.payouts_age ?? null],
  ]);
  gauge(
    'payments_webhook_backlog',
    'Webhook deliveries waiting: due now to healthy endpoints, or held for failing ones.',
    [
      [{ endpoint_class: 'healthy' }, s.backlog_healthy!],
      [{ endpoint_class: 'failing' }, s.backlog_failing!],
    ],
  );
  gauge('payments_webhook_backlog_oldest_seconds', 'Age of the oldest waiting delivery (absent when none).', [
    [{ endpoint_class: 'healthy' }, s.backlog_healthy_age ?? null],
    [{ endpoint_class: 'failing' }, s.backlog_failing_age ?? null],
  ]);
  gauge('payments_jobs_ready', 'Background jobs due and not yet taken by a worker.', [[{}, s.jobs_ready!]]);
  gauge('payments_jobs_ready_oldest_seconds', 'How long the oldest due job has waited (absent when none).', [
    [{}, s.jobs_ready_age ?? null],
  ]);
  gauge('payments_jobs_running', 'Background jobs a worker holds now.', [[{}, s.jobs_running!]]);
  gauge('payments_workers_live', 'Workers whose heartbeat is recent.', [[{}, s.workers!]]);
  gauge('payments_worker_heartbeat_age_seconds', 'Time since any worker last beat (absent before the first).', [
    [{}, s.heartbeat_age ?? null],
  ]);
  gauge(
    'payments_rail_circuit_open',
    "1 while a live rail's circuit breaker keeps it off the page (down), 0.5 while probing, 0 when up.",
    rails.map((r) => [{ rail: r.rail }, r.state === 'down' ? 1 : r.state === 'probing' ? 0.5 : 0]),
  );
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
