import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { withTraceContext } from '../tracing/spans';

/** Every background task, by name, with its payload. */
export interface JobPayloads {
  expire_checkout: { checkout_id: string };
  time_out_payment_attempt: { attempt_id: string };
  sandbox_mobile_money_outcome: { attempt_id: string; outcome: 'success' | 'declined' | 'insufficient_funds' };
  pick_up_payout: { transaction_id: string };
  sandbox_payout_outcome: { transaction_id: string; outcome: 'completed' | 'failed' };
  rail_request_payment: { attempt_id: string };
  rail_check_payment: { attempt_id: string; round: number };
  rail_send_payout: { transaction_id: string };
  rail_check_payout: { transaction_id: string; round: number };
  send_mail: { mail_id: string };
  mail_for_event: { event_id: string };
}
export type JobName = keyof JobPayloads;

/**
 * Adds a graphile-worker job through SQL, inside the caller's transaction: the job exists exactly
 * when the change that caused it committed. `jobKey` makes re-enqueueing replace, not duplicate.
 * The payload carries the caller's span, when traced, for the job's span to continue its trace.
 */
export async function enqueueJob<N extends JobName>(
  db: Db,
  name: N,
  payload: JobPayloads[N],
  options: { runAt?: Date; jobKey?: string; maxAttempts?: number } = {},
): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${name},
    ${JSON.stringify(withTraceContext(payload))}::json,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    job_key => ${options.jobKey ?? null},
    max_attempts => ${options.maxAttempts ?? null}::int
  )`);
}

/** How often a running worker writes its heartbeat (readiness calls a worker stale after four missed). */
export const HEARTBEAT_INTERVAL_MS = 5_000;
