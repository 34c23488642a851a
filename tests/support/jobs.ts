import postgres from 'postgres';
import { Logger, runOnce } from 'graphile-worker';
import { taskList } from '../../lib/worker/tasks';

/**
 * Runs every queued job now, as the worker would when their time comes: scheduled times are moved
 * to now, then graphile-worker's runOnce works through the queue with the real task list. With
 * `names`, only those jobs move; and a named job that a pass itself queued moves in another pass: a
 * prompt's or payout's job asks the rail, and only then does the sandbox queue its customer's or
 * bank's answer. A job that queued itself again under its own key (a status check on its backoff) or
 * a failed one (its retry) keeps its time.
 */
export async function runJobsNow(names?: string[]): Promise<void> {
  const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const named = names ?? null;
  try {
    const movedKeys: string[] = [];
    let since = new Date(0);
    for (let pass = 0; pass < 3; pass++) {
      const [clock] = await sql<{ now: Date }[]>`select now()`;
      const rows = await sql<{ key: string | null }[]>`update graphile_worker._private_jobs set run_at = now()
          where locked_at is null and run_at > now()
            and (${named}::text[] is null or task_id in (
              select id from graphile_worker._private_tasks where identifier = any(${named}::text[])))
            and (${pass} = 0 or (attempts = 0 and created_at >= ${since}
                                 and (key is null or not (key = any(${movedKeys}::text[])))))
          returning key`;
      if (pass > 0 && rows.length === 0) break;
      for (const r of rows) if (r.key) movedKeys.push(r.key);
      since = clock!.now;
      await runOnce({ connectionString: process.env.DATABASE_URL!, taskList, noHandleSignals: true, logger: quiet });
      if (!names) break;
    }
  } finally {
    await sql.end();
  }
}

const quiet = new Logger(() => () => {});
