import { EventEmitter } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { run, Logger, type WorkerPool } from 'graphile-worker';
import { superviseRunner } from '../../lib/worker/worker';
import { testSql } from '../support/database';

/**
 * graphile-worker's runner under supervision (lib/worker/worker.ts): a pool that began shutting
 * itself down and hangs there (a job that never ends holds its graceful shutdown) is forced down and
 * replaced, so jobs queued afterwards still run. Seen in the chaos bed after a crashed primary.
 */
const sql = testSql();

describe('a job runner stuck in a shutdown it began itself', () => {
  const pools: WorkerPool[] = [];
  let ran = 0;
  let supervised: Awaited<ReturnType<typeof superviseRunner>> | null = null;
  afterAll(async () => {
    await supervised?.stop();
  });

  it('is forced down after the grace time and a new runner takes the queue', async () => {
    supervised = await superviseRunner(
      (events) => {
        (events as EventEmitter).on('pool:create', ({ workerPool }: { workerPool: WorkerPool }) =>
          pools.push(workerPool),
        );
        return run({
          connectionString: process.env.DATABASE_URL!,
          concurrency: 1,
          pollInterval: 100,
          noHandleSignals: true,
          events,
          logger: new Logger(() => () => {}),
          taskList: {
            // Ignores its abort signal: a graceful shutdown waits for it forever.
            test_hang: () => new Promise(() => {}),
            test_quick: async () => {
              ran++;
            },
          },
        });
      },
      { stuckShutdownMs: 500 },
    );
    await sql`select graphile_worker.add_job('test_hang', '{}'::json)`;
    await expect
      .poll(async () => (await sql`select 1 from graphile_worker.jobs where locked_by is not null`).length)
      .toBe(1);
    const first = pools[0]!;
    // What a worker's premature exit does inside graphile-worker: the pool shuts itself down.
    void first.gracefulShutdown('a worker exited');
    await sql`select graphile_worker.add_job('test_quick', '{}'::json)`;
    await expect.poll(() => ran, { timeout: 15_000 }).toBe(1);
    expect(pools.length).toBe(2);
    expect(supervised.poolIds()).toEqual([pools[1]!.id]);
    // The hung job was released by the forced shutdown or the new runner's unlock: it is not held.
    const held = await sql<{ locked_by: string | null }[]>`
      select locked_by from graphile_worker.jobs where task_identifier = 'test_hang'`;
    expect(held.every((j) => j.locked_by !== first.id)).toBe(true);
  });
});
