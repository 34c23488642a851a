import os from 'node:os';
import crypto from 'node:crypto';
import { run, Logger, type Runner } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import { getDb } from '../platform/db/client';
import { describeError, log } from '../platform/log';
import { HEARTBEAT_INTERVAL_MS } from '../platform/jobs/queue';
import { crontab, taskList } from './tasks';
import { startWebhookDispatcher } from '../notifications/webhooks/dispatcher';
import { startExpirySweeper } from './expiry-sweeper';

export interface RunningWorker {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * Starts graphile-worker with the service's tasks, the webhook dispatcher, and a heartbeat row that /api/health reads. Any
 * number of workers (in the app process or via `npm run worker`) can share one database.
 */
export async function startWorker(options: { connectionString: string; concurrency: number }): Promise<RunningWorker> {
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const runner: Runner = await run({
    connectionString: options.connectionString,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList,
    crontab,
    logger: new Logger((scope) => (level, message) => {
      if (level === 'error' || level === 'warning') log.warn('worker', { scope: scope.label, message });
    }),
  });

  // Webhook deliveries have their own lease-based loop (graphile-worker keeps a dead worker's jobs
  // locked for 4 hours; a delivery lease runs out in seconds).
  const dispatcher = await startWebhookDispatcher();
  const expiry = startExpirySweeper();

  const beat = () =>
    getDb()
      .execute(
        sql`insert into worker_heartbeats (worker_id) values (${workerId})
            on conflict (worker_id) do update set beat_at = now()`,
      )
      .catch((error: unknown) => log.warn('worker heartbeat failed', describeError(error)));
  await beat();
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
  timer.unref();

  return {
    workerId,
    async stop() {
      clearInterval(timer);
      await dispatcher.stop();
      await expiry.stop();
      await runner.stop();
      await getDb()
        .execute(sql`delete from worker_heartbeats where worker_id = ${workerId}`)
        .catch(() => {});
    },
  };
}
