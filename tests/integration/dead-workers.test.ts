import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../lib/platform/db/client';
import {
  DEAD_AFTER_MS,
  ORPHANED_AFTER_MS,
  releaseJobsOfDeadWorkers,
  releaseOrphanedJobs,
} from '../../lib/worker/dead-workers';
import { startWorker, type RunningWorker } from '../../lib/worker/worker';
import { testSql } from '../support/database';

/**
 * A worker process killed while it ran jobs (lib/worker/dead-workers.ts): its jobs stay locked under
 * its graphile-worker pool id until a live worker sees that no fresh heartbeat names that pool.
 */
const sql = testSql();

async function lockedJob(lockedBy: string, secondsAgo: number): Promise<string> {
  const [job] = await sql<{ id: string }[]>`
    select id::text from graphile_worker.add_job('purge_rate_limit_counters', '{}'::json, run_at => now() + interval '1 hour')`;
  await sql`update graphile_worker._private_jobs
               set locked_by = ${lockedBy}, locked_at = now() - make_interval(secs => ${secondsAgo})
             where id = ${job!.id}`;
  return job!.id;
}

const lockOf = async (id: string) =>
  (await sql<{ locked_by: string | null }[]>`select locked_by from graphile_worker.jobs where id = ${id}`)[0]!
    .locked_by;

describe('jobs of a worker that died', () => {
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await startWorker({ connectionString: process.env.DATABASE_URL!, concurrency: 1 });
  });
  afterAll(() => worker.stop());

  it("a running worker's heartbeat names its job runner's pool", async () => {
    const [row] = await sql<{ job_worker_ids: string[] }[]>`
      select job_worker_ids from worker_heartbeats where worker_id = ${worker.workerId}`;
    expect(row!.job_worker_ids).toHaveLength(1);
    expect(row!.job_worker_ids[0]).toMatch(/\S/);
  });

  it('are unlocked once no fresh heartbeat names their pool; a live or recent lock is left alone', async () => {
    const stale = DEAD_AFTER_MS / 1000 + 5;
    const [live] = (
      await sql<
        { job_worker_ids: string[] }[]
      >`select job_worker_ids from worker_heartbeats where worker_id = ${worker.workerId}`
    )[0]!.job_worker_ids;
    const dead = await lockedJob('worker-pool-of-a-killed-process', stale);
    const justLocked = await lockedJob('worker-pool-just-started', 1);
    const alive = await lockedJob(live!, stale);
    // A process that stopped beating long ago, whose heartbeat row is still there.
    await sql`insert into worker_heartbeats (worker_id, beat_at, job_worker_ids)
              values ('gone:1', now() - interval '10 minutes', '{worker-pool-of-a-stale-beat}')`;
    const staleBeat = await lockedJob('worker-pool-of-a-stale-beat', stale);

    const released = await releaseJobsOfDeadWorkers(getDb());

    expect(released.sort()).toEqual(['worker-pool-of-a-killed-process', 'worker-pool-of-a-stale-beat']);
    expect(await lockOf(dead)).toBeNull();
    expect(await lockOf(staleBeat)).toBeNull();
    expect(await lockOf(justLocked)).toBe('worker-pool-just-started');
    expect(await lockOf(alive)).toBe(live);
    expect(await releaseJobsOfDeadWorkers(getDb())).toEqual([]);
  });
});

describe('a job locked by a live pool that never received it (the answer lost in a failover)', () => {
  it('is unlocked once locked long enough and not among the jobs the pool runs; others are left alone', async () => {
    const stale = ORPHANED_AFTER_MS / 1000 + 5;
    const orphan = await lockedJob('pool-of-this-process', stale);
    const running = await lockedJob('pool-of-this-process', stale);
    const fresh = await lockedJob('pool-of-this-process', 1);
    const otherPool = await lockedJob('pool-of-another-process', stale);

    const released = await releaseOrphanedJobs(getDb(), ['pool-of-this-process'], new Set([running]));

    expect(released).toEqual([orphan]);
    expect(await lockOf(orphan)).toBeNull();
    expect(await lockOf(running)).toBe('pool-of-this-process');
    expect(await lockOf(fresh)).toBe('pool-of-this-process');
    expect(await lockOf(otherPool)).toBe('pool-of-another-process');
    expect(await releaseOrphanedJobs(getDb(), [], new Set())).toEqual([]);
  });
});
