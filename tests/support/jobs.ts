import postgres from 'postgres';
import { Logger, runOnce } from 'graphile-worker';
import { taskList } from '../../lib/worker/tasks';

/**
 * Runs every queued job now, as the worker would when their time comes: scheduled times are moved
 * to now, then graphile-worker's runOnce works through the queue with the real task list. With
 * `names`, only those jobs are moved, again after each pass while a pass queued more of them: a
 * prompt's job asks the rail, and only then does the sandbox queue its customer's answer.
 */
export async function runJobsNow(names?: string[]): Promise<void> {
  const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    for (let pass = 0; pass < 4; pass++) {
      // After the first pass only jobs a pass queued (never tried) move: a failed one keeps its backoff.
      const moved = await sql`update graphile_worker._private_jobs set run_at = now()
                where locked_at is null and run_at > now() and (${pass} = 0 or attempts = 0)
                  and (${names ?? null}::text[] is null or task_id in (
                    select id from graphile_worker._private_tasks where identifier = any(${names ?? null}::text[])))`;
      if (pass > 0 && moved.count === 0) break;
      await runOnce({ connectionString: process.env.DATABASE_URL!, taskList, noHandleSignals: true, logger: quiet });
      if (!names) break;
    }
  } finally {
    await sql.end();
  }
}

const quiet = new Logger(() => () => {});
