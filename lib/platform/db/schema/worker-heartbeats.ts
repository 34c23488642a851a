import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';

/**
 * Each running worker beats every few seconds; /api/health reads the freshest beat. The beat also
 * names the graphile-worker workers the process runs (`job_worker_ids`, the `locked_by` of the jobs
 * it holds), so that jobs held by a process that stopped beating can be released (lib/worker/dead-workers.ts).
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text().primaryKey(),
  startedAt: createdAt(),
  beatAt: moment().notNull().defaultNow(),
  jobWorkerIds: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});
