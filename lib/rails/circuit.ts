import { sql } from 'drizzle-orm';
import { railCircuits } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { log } from '../platform/log';
import { config } from '../platform/config';
import { formatTimestamp } from '../platform/time';
import type { RailHealth } from '../platform/ops/contract';

/**
 * Circuit breakers for the live rails, shared by every instance through `rail_circuits`. Five calls
 * in a row without an answer (time-out, 5xx, connection lost) open the circuit: the page stops
 * offering the rail and `/api/health` says it is down. After a minute it is half-open: the page
 * offers it again and the next call is the probe; an answer closes it, another silence re-opens it
 * for a minute more. Calls already made (status queries of attempts in flight) are never blocked.
 */
export const FAILURES_TO_OPEN = 5;
export const COOLDOWN_SECONDS = 60;

export type RailState = 'up' | 'down' | 'probing';

/** After each call to a provider: `answered` when it said anything at all, even "no". */
export async function recordRailCall(db: Db, rail: string, answered: boolean): Promise<void> {
  if (answered) {
    await db.execute(sql`
      update ${railCircuits} set state = 'closed', failures = 0, opened_at = null, updated_at = now()
       where rail = ${rail} and (failures > 0 or state <> 'closed')`);
    return;
  }
  const [row] = await db.execute<{ state: string; failures: number; opened: boolean }>(sql`
    insert into ${railCircuits} as c (rail, failures, last_failure_at) values (${rail}, 1, now())
    on conflict (rail) do update set
      failures = c.failures + 1,
      last_failure_at = now(),
      state = case when c.failures + 1 >= ${FAILURES_TO_OPEN} then 'open' else c.state end,
      opened_at = case when c.failures + 1 >= ${FAILURES_TO_OPEN} then now() else c.opened_at end,
      updated_at = now()
    returning state, failures, (failures = ${FAILURES_TO_OPEN}) as opened`);
  if (row?.opened) log.error('rail.circuit_open', { rail, failures: row.failures });
}

/**
 * The rails railStates calls 'down' (open, not yet cooled), as a text[] expression: the hosted page
 * reads them inside its one statement (lib/collections/hosted-page/session-facts.ts).
 */
export const railsDownNow = sql<string[]>`array(select ${railCircuits.rail} from ${railCircuits}
  where ${railCircuits.state} <> 'closed'
    and not coalesce(${railCircuits.openedAt} <= now() - make_interval(secs => ${sql.raw(String(COOLDOWN_SECONDS))}), false))`;

/** Each rail with a circuit row, as the page and health see it now. */
export async function railStates(
  db: Db,
): Promise<Map<string, { state: RailState; failures: number; openedAt: Date | null }>> {
  const rows = await db.execute<{
    rail: string;
    state: string;
    failures: number;
    opened_at: Date | null;
    cooled: boolean;
  }>(sql`
    select rail, state, failures, opened_at,
           opened_at <= now() - make_interval(secs => ${COOLDOWN_SECONDS}) as cooled
      from ${railCircuits}`);
  return new Map(
    rows.map((r) => [
      r.rail,
      {
        state: r.state === 'closed' ? 'up' : r.cooled ? 'probing' : 'down',
        failures: r.failures,
        openedAt: r.opened_at ? new Date(r.opened_at) : null,
      },
    ]),
  );
}

/** Each provider instance LIVE_ROUTES uses (`mtn_momo:CI`…), with what it takes and its circuit's state: `/api/health`. */
export async function liveRailHealth(db: Db): Promise<RailHealth[]> {
  const routes = config().LIVE_ROUTES;
  if (!routes.length) return [];
  const states = await railStates(db);
  const instances = [...new Set(routes.map((r) => r.instance))].sort();
  return instances.map((rail) => {
    const circuit = states.get(rail);
    return {
      rail,
      status: circuit?.state ?? 'up',
      routes: routes.filter((r) => r.instance === rail).map((r) => `${r.currency} ${r.method} ${r.country}`),
      consecutive_failures: circuit?.failures ?? 0,
      down_since: circuit?.state === 'down' ? formatTimestamp(circuit.openedAt) : null,
    };
  });
}
