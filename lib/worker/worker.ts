import { EventEmitter } from 'node:events';
import os from 'node:os';
import crypto from 'node:crypto';
import { run, Logger, type Runner, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import { getDb } from '../platform/db/client';
import { connectionFailure, failureFields } from '../platform/db/unavailable';
import { describeError, log } from '../platform/log';
import { HEARTBEAT_INTERVAL_MS } from '../platform/jobs/queue';
import { crontab, taskList } from './tasks';
import { startWebhookDispatcher } from '../notifications/webhooks/dispatcher';
import { startExpirySweeper } from './expiry-sweeper';
import { DEAD_AFTER_MS, releaseJobsOfDeadWorkers, releaseOrphanedJobs } from './dead-workers';

export interface RunningWorker {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * Starts graphile-worker with the service's tasks, the webhook dispatcher, and a heartbeat row that /api/health reads. Any
 * number of workers (in the app process or via `npm run worker`) can share one database.
 *
 * A worker outlives a database outage (a restart, a failover): graphile-worker polls again every
 * second and its pool reconnects; the dispatcher, the expiry sweep and the heartbeat log each failed
 * round as a warning and try again on their next one; and should graphile-worker's runner stop all the
 * same, it is started again (superviseRunner). The work itself is all in the database (jobs,
 * deliveries and their leases, checkouts), so it resumes where the database left it.
 */
export async function startWorker(options: { connectionString: string; concurrency: number }): Promise<RunningWorker> {
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const runner = await superviseRunner((events) =>
    run({
      connectionString: options.connectionString,
      concurrency: options.concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList,
      crontab,
      events,
      logger: new Logger((scope) => (level, message) => {
        if (level === 'error' || level === 'warning') log.warn('worker', { scope: scope.label, message });
      }),
      // A job's outcome is written through graphile-worker's batcher. Written directly, an outcome
      // the database could not take (ECONNREFUSED is not among the errors it retries) is a promise
      // rejection nobody handles, which ends the process; through the batcher it stops the runner
      // instead (it does not retry either: graphile/worker#636), and superviseRunner starts it again.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    }),
  );

  // Webhook deliveries have their own lease-based loop (graphile-worker keeps a dead worker's jobs
  // locked for 4 hours; a delivery lease runs out in seconds).
  const dispatcher = await startWebhookDispatcher();
  const expiry = startExpirySweeper();

  // The beat names this process's job runners (their pool ids lock its jobs): see dead-workers.ts.
  const beat = () => {
    const pools = `{${runner.poolIds().join(',')}}`;
    return getDb()
      .execute(
        sql`insert into worker_heartbeats (worker_id, job_worker_ids) values (${workerId}, ${pools}::text[])
            on conflict (worker_id) do update set beat_at = now(), job_worker_ids = excluded.job_worker_ids`,
      )
      .catch((error: unknown) => log.warn('worker heartbeat failed', failureFields(error)));
  };
  await beat();
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
  timer.unref();
  const release = () =>
    Promise.all([
      releaseJobsOfDeadWorkers(getDb())
        .then((dead) => dead.length && log.warn('jobs of stopped workers unlocked', { job_worker_ids: dead }))
        .catch((error: unknown) => log.warn('jobs of stopped workers not unlocked', failureFields(error))),
      releaseOrphanedJobs(getDb(), runner.poolIds(), runner.runningJobs())
        .then((ids) => ids.length && log.warn('jobs locked but never received unlocked', { job_ids: ids }))
        .catch((error: unknown) => log.warn('orphaned jobs not unlocked', failureFields(error))),
    ]);
  const releaser = setInterval(release, DEAD_AFTER_MS / 3);
  releaser.unref();

  return {
    workerId,
    async stop() {
      clearInterval(timer);
      clearInterval(releaser);
      await dispatcher.stop();
      await expiry.stop();
      await runner.stop();
      await getDb()
        .execute(sql`delete from worker_heartbeats where worker_id = ${workerId}`)
        .catch(() => {});
    },
  };
}

/** The longest pause between two attempts to start graphile-worker's runner again. */
const RESTART_MAX_DELAY_MS = 5_000;
/** How long a pool that began shutting down by itself may take before it is given up (see watch). */
const STUCK_SHUTDOWN_MS = 15_000;

/**
 * graphile-worker's runner, started again whenever it stops unasked: it stops itself when it could
 * not record a job's outcome ("queue is in an inconsistent state"), and since 0.17 its `promise` then
 * resolves as after a requested stop (graphile/worker#635), so any settling counts. The next start is
 * tried after 1 s, then 2 s, 4 s, then every 5 s until it succeeds. The stopped runner's jobs stay
 * locked by its worker pool (graphile-worker would hand them out again after 4 hours): once the new one
 * runs they are unlocked, to run now. One whose work was done but whose completion could not be
 * written then runs a second time, as after a crash: graphile-worker runs a job at least once.
 */
export async function superviseRunner(
  start: (events: WorkerEvents) => Promise<Runner>,
  options: { stuckShutdownMs?: number } = {},
): Promise<{ stop(): Promise<void>; poolIds(): string[]; runningJobs(): ReadonlySet<string> }> {
  const stuckShutdownMs = options.stuckShutdownMs ?? STUCK_SHUTDOWN_MS;
  const launch = async () => {
    // Jobs are locked under the id of the runner's worker pool (graphile-worker 0.17).
    const lockers = new Set<string>();
    // The jobs this runner holds: from get_job's answer until their outcome is written.
    const running = new Set<string>();
    const events = new EventEmitter() as WorkerEvents;
    events.on('pool:create', ({ workerPool }) => lockers.add(workerPool.id));
    events.on('job:start', ({ job }) => running.add(String(job.id)));
    events.on('job:complete', ({ job }) => running.delete(String(job.id)));
    // The pool shutting itself down (one of its workers exited on a database error): see watch.
    // Wrapped: a WorkerPool is a thenable (it settles when the pool ends), which resolve() would wait for.
    const shutdownBegan = new Promise<{ pool: WorkerPool }>((resolve) =>
      events.on('pool:gracefulShutdown', ({ workerPool }) => resolve({ pool: workerPool })),
    );
    return { runner: await start(events), lockers, running, shutdownBegan, abandoned: false };
  };
  let current = await launch();
  let stopping = false;
  let restarting: Promise<void> = Promise.resolve();
  let cutPause: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        cutPause = null;
        resolve();
      }
      cutPause = done;
    });

  const restart = async (stopped: Set<string>) => {
    for (let attempt = 0; !stopping; attempt++) {
      await pause(Math.min(1000 * 2 ** attempt, RESTART_MAX_DELAY_MS));
      if (stopping) return;
      try {
        current = await launch();
        watch(current);
      } catch (error) {
        log.warn('worker job runner did not start', failureFields(error));
        continue;
      }
      log.info('worker job runner started again');
      await getDb()
        .execute(sql`select graphile_worker.force_unlock_workers(string_to_array(${[...stopped].join(',')}, ','))`)
        .catch((error: unknown) => log.warn('jobs of the stopped runner not unlocked', failureFields(error)));
      return;
    }
  };

  const watch = (launched: typeof current) => {
    const settled = launched.runner.promise.then(
      () => ({ error: null as unknown }),
      (error: unknown) => ({ error }),
    );
    // A pool that shuts itself down can hang there, polling no more and never settling (seen after a
    // crashed primary: its workers exited on "terminating connection", and its graceful shutdown
    // never finished): after stuckShutdownMs it is forced down and a new runner takes over.
    const stuck = launched.shutdownBegan.then(
      ({ pool }) =>
        new Promise<{ stuck: { pool: WorkerPool } }>((resolve) =>
          setTimeout(() => resolve({ stuck: { pool } }), stuckShutdownMs).unref(),
        ),
    );
    void Promise.race([settled, stuck]).then((outcome) => {
      if (stopping || launched !== current || launched.abandoned) return;
      launched.abandoned = true;
      if ('stuck' in outcome) {
        log.warn('worker job runner stuck shutting down; starting a new one');
        void Promise.resolve(outcome.stuck.pool.forcefulShutdown('stuck in its graceful shutdown')).catch(() => {});
      } else {
        log.warn('worker job runner stopped; starting it again', outcome.error ? failureFields(outcome.error) : {});
      }
      restarting = restart(launched.lockers);
    });
  };
  watch(current);

  return {
    poolIds: () => [...current.lockers],
    runningJobs: () => current.running,
    async stop() {
      stopping = true;
      cutPause?.();
      await restarting;
      // A runner that already stopped by itself says so; there is nothing left to stop.
      await current.runner.stop().catch((error: unknown) => log.debug('worker job runner stop', failureFields(error)));
    },
  };
}

/**
 * For a process that runs a worker (`npm run worker`, `npm start`): a rejection nobody handled that
 * is a database connection failure (postgres.js, for one, fetches a new connection's array types
 * without a listener) is a warning and the process carries on; any other still ends the process, as
 * it would without this listener. (`next start` installs listeners of its own.)
 */
export function survivingDatabaseOutages(): void {
  process.on('unhandledRejection', (reason) => {
    if (connectionFailure(reason)) {
      log.warn('database connection failure nobody awaited', failureFields(reason));
      return;
    }
    log.error('unhandled rejection', describeError(reason));
    process.exit(1);
  });
}
