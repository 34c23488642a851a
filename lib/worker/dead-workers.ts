import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { HEARTBEAT_INTERVAL_MS } from '../platform/jobs/queue';

/**
 * A worker process that dies without stopping (SIGKILL, a lost machine) leaves the jobs it was
 * running locked under its graphile-worker pool id, and graphile-worker hands them out again only
 * after 4 hours: a payout would stay PROCESSING that long. Each process's heartbeat names its pool
 * ids (worker_heartbeats.job_worker_ids); jobs locked by a pool that no fresh heartbeat names, for
 * longer than DEAD_AFTER_MS, are unlocked here so a live worker runs them now. A job whose work was
 * done but not marked done then runs again: graphile-worker runs jobs at least once, and every task
 * is written to be safe to repeat (each moves a row only from the state it expects).
 */
export const DEAD_AFTER_MS = 6 * HEARTBEAT_INTERVAL_MS;

/** Unlocks the jobs of workers that stopped beating; returns their pool ids. */
export async function releaseJobsOfDeadWorkers(db: Db): Promise<string[]> {
  const seconds = DEAD_AFTER_MS / 1000;
  const rows = await db.execute<{ locked_by: string }>(sql`
    select distinct j.locked_by
      from graphile_worker.jobs j
     where j.locked_by is not null
       and j.locked_at < now() - make_interval(secs => ${seconds})
       and not exists (select 1 from worker_heartbeats h
                        where j.locked_by = any(h.job_worker_ids)
                          and h.beat_at > now() - make_interval(secs => ${seconds}))`);
  const dead = rows.map((r) => r.locked_by);
  if (dead.length) await db.execute(sql`select graphile_worker.force_unlock_workers(${`{${dead.join(',')}}`}::text[])`);
  return dead;
}

/**
 * A job locked by one of this process's own pools that this process is not running: the lock was
 * granted at the instant the primary was lost (get_job committed, the commit reached the standby,
 * the answer never came back), so the runner never saw the job. Its pool is alive, which keeps it out
 * of releaseJobsOfDeadWorkers, and graphile-worker would free it only after 4 hours: seen in the chaos
 * bed as a payout left PROCESSING after a failover. Unlocked once locked this long and not running.
 */
export const ORPHANED_AFTER_MS = DEAD_AFTER_MS;

export async function releaseOrphanedJobs(db: Db, pools: string[], running: ReadonlySet<string>): Promise<string[]> {
  if (pools.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    update graphile_worker._private_jobs
       set locked_by = null, locked_at = null
     where locked_by = any(${`{${pools.join(',')}}`}::text[])
       and locked_at < now() - make_interval(secs => ${ORPHANED_AFTER_MS / 1000})
       and not (id = any(${`{${[...running].join(',')}}`}::bigint[]))
    returning id::text`);
  return rows.map((r) => r.id);
}
