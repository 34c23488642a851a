import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { HEARTBEAT_INTERVAL_MS } from '../jobs/queue';
import { formatTimestamp } from '../time';
import type { Health, HealthDown, RailHealth } from './contract';

/** A worker counts as alive while its last heartbeat is younger than this. */
const WORKER_STALE_MS = HEARTBEAT_INTERVAL_MS * 4;

/**
 * Liveness of the two things the service needs: the database (answered a query) and at least one
 * worker (beat recently). The database being down is unhealthy (503); no live worker is `degraded`
 * (200): requests are still served, background work waits.
 */
export async function checkHealth(
  /** The live rails' states (lib/rails/circuit.ts), read once the database answered. */
  rails: () => Promise<RailHealth[]>,
): Promise<{ healthy: true; body: Health } | { healthy: false; body: HealthDown }> {
  const started = performance.now();
  try {
    const [row] = await getDb().execute<{ last_beat: Date | string | null; workers: number }>(
      sql`select max(beat_at) as last_beat,
                 count(*) filter (where beat_at > now() - make_interval(secs => ${WORKER_STALE_MS / 1000}))::int as workers
          from worker_heartbeats`,
    );
    const latency = Math.round(performance.now() - started);
    const lastBeat = row?.last_beat ? new Date(row.last_beat) : null;
    const workersUp = row?.workers ?? 0;
    return {
      healthy: true,
      body: {
        status: workersUp > 0 ? 'ok' : 'degraded',
        database: { status: 'up', latency_ms: latency },
        worker: {
          status: workersUp > 0 ? 'up' : 'down',
          live_workers: workersUp,
          last_heartbeat_at: formatTimestamp(lastBeat),
        },
        rails: await rails(),
      },
    };
  } catch {
    return {
      healthy: false,
      body: { status: 'down', database: { status: 'down' }, worker: { status: 'unknown' } },
    };
  }
}
