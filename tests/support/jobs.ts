import postgres from 'postgres';
import { Logger, runOnce } from 'graphile-worker';
import { taskList } from '../../lib/worker/tasks';

/**
 * Runs every queued job now, as the worker would when their time comes: scheduled times are moved
 * to now, then graphile-worker's runOnce works through the queue with the real task list.
 */
export async function runJobsNow(names?: string[]): Promise<void> {
  const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await sql`update graphile_worker._private_jobs set run_at = now()
              where locked_at is null and run_at > now()
                and (${names ?? null}::text[] is null or task_id in (
                  select id from graphile_worker._private_tasks where identifier = any(${names ?? null}::text[])))`;
  } finally {
    await sql.end();
  }
  await runOnce({ connectionString: process.env.DATABASE_URL!, taskList, noHandleSignals: true, logger: quiet });
}

const quiet = new Logger(() => () => {});
