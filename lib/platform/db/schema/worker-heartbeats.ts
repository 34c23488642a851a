import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';

/** Each running worker beats every few seconds; /api/health reads the freshest beat. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text().primaryKey(),
  startedAt: createdAt(),
  beatAt: moment().notNull().defaultNow(),
});
