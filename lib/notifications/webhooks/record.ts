import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { formatTimestamp } from '../../platform/time';
import { failureFields } from '../../platform/db/unavailable';
import { log } from '../../platform/log';
import { config } from '../../platform/config';
import type { SendResult } from './send';
import { ts, type ClaimedDelivery } from './claim';
import { DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, nextAttemptAt } from './schedule';

/** One finished attempt, to be recorded while its lease holds. */
export interface FinishedAttempt {
  delivery: ClaimedDelivery;
  result: SendResult;
  at: Date;
}

export const succeeded = (r: SendResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
const describe = (r: SendResult) => (r.statusCode !== null ? `HTTP ${r.statusCode}` : (r.error ?? 'no response'));

/**
 * Records attempts in one transaction: each delivery's new state and its attempt row in one
 * statement, then one statement per endpoint for its health (last success, failing since, disabled).
 * An attempt whose lease was lost (another dispatcher has the delivery now, or it was cancelled) is
 * not recorded. Returns the ids of the deliveries recorded.
 */
export async function recordAttempts(db: Db, attempts: readonly FinishedAttempt[]): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const retryScale = config().WEBHOOK_RETRY_DELAY_SCALE;
  const rows = attempts.map(({ delivery, result, at }) => {
    const attempt = delivery.attemptCount + 1;
    const ok = succeeded(result);
    const gone = result.statusCode === 410;
    const retryAt = ok || gone ? null : nextAttemptAt(attempt, at, result.retryAfterSeconds, Math.random, retryScale);
    return {
      id: delivery.id,
      lease_token: delivery.leaseToken,
      status: ok ? 'succeeded' : gone || retryAt === null ? 'failed' : 'pending',
      attempt,
      ok,
      at: ts(at),
      retry_at: ts(retryAt),
      status_code: result.statusCode,
      error: result.error,
      latency_ms: result.latencyMs,
      response_body: result.responseBody,
    };
  });
  const recorded = await db.transaction(async (tx) => {
    const inserted = (await tx.execute(sql`
      with u as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u(
          id uuid, lease_token uuid, status text, attempt int, ok boolean, at timestamptz, retry_at timestamptz,
          status_code int, error text, latency_ms int, response_body text)
      ), updated as (
        update webhook_deliveries d
           set status = u.status, attempt_count = u.attempt, next_attempt_at = coalesce(u.retry_at, d.next_attempt_at),
               locked_until = null, lease_token = null, claimed_by = null, last_attempt_at = u.at,
               last_status_code = u.status_code, last_error = u.error,
               delivered_at = case when u.ok then u.at end, updated_at = now()
          from u
         where d.id = u.id and d.lease_token = u.lease_token and d.status = 'pending'
        returning d.id, d.merchant_id, d.tenant_id
      )
      insert into webhook_attempts (merchant_id, tenant_id, delivery_id, attempt_number, succeeded, status_code, error,
                                    latency_ms, response_body, next_retry_at, created_at)
      select updated.merchant_id, updated.tenant_id, u.id, u.attempt, u.ok, u.status_code, u.error, u.latency_ms,
             u.response_body, u.retry_at, u.at
        from updated join u on u.id = updated.id
      returning delivery_id`)) as unknown as { delivery_id: string }[];
    const ids = new Set(inserted.map((r) => r.delivery_id));
    for (const health of endpointHealth(attempts.filter((a) => ids.has(a.delivery.id)))) {
      await recordEndpointHealth(tx, health);
    }
    return ids;
  });
  for (const { delivery, result } of attempts) {
    if (!recorded.has(delivery.id) || succeeded(result)) continue;
    log.info('webhook attempt failed', {
      delivery_id: delivery.id,
      attempt: delivery.attemptCount + 1,
      status_code: result.statusCode,
      error: result.error,
      last: delivery.attemptCount + 1 >= MAX_ATTEMPTS,
    });
  }
  return recorded;
}

/** Records one attempt; whatever the receiver answered must never make it unrecordable (and so re-sent forever). */
export async function recordAttempt(db: Db, finished: FinishedAttempt): Promise<void> {
  try {
    await recordAttempts(db, [finished]);
  } catch (error) {
    log.warn('webhook attempt could not be recorded as received; recording it without the body', {
      delivery_id: finished.delivery.id,
      ...failureFields(error),
    });
    await recordAttempts(db, [{ ...finished, result: { ...finished.result, responseBody: null } }]);
  }
}

/** What a run of attempts (in order) leaves an endpoint's health at. */
interface EndpointHealth {
  endpointId: string;
  lastSuccessAt: Date | null;
  /** The first failure after the last success, when the last attempt failed. */
  failingFrom: Date | null;
  /** Whether a success came before `failingFrom` in this run (so it restarts the failing period). */
  restarted: boolean;
  lastFailure: FinishedAttempt | null;
  /** A 410 Gone: the endpoint is disabled at once. */
  gone: Date | null;
}

export function endpointHealth(attempts: readonly FinishedAttempt[]): EndpointHealth[] {
  const byEndpoint = new Map<string, EndpointHealth>();
  for (const finished of [...attempts].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const id = finished.delivery.endpointId;
    const health = byEndpoint.get(id) ?? {
      endpointId: id,
      lastSuccessAt: null,
      failingFrom: null,
      restarted: false,
      lastFailure: null,
      gone: null,
    };
    byEndpoint.set(id, health);
    if (finished.result.statusCode === 410) health.gone ??= finished.at;
    else if (succeeded(finished.result)) {
      health.lastSuccessAt = finished.at;
      health.failingFrom = null;
      health.restarted = true;
      health.lastFailure = null;
    } else {
      health.failingFrom ??= finished.at;
      health.lastFailure = finished;
    }
  }
  return [...byEndpoint.values()];
}

async function recordEndpointHealth(tx: Db, health: EndpointHealth) {
  const { endpointId, lastSuccessAt, failingFrom, lastFailure, gone } = health;
  if (failingFrom && lastFailure) {
    const since = health.restarted
      ? sql`${ts(failingFrom)}::timestamptz`
      : sql`coalesce(failing_since, ${ts(failingFrom)}::timestamptz)`;
    const [endpoint] = (await tx.execute(sql`
      update webhook_endpoints
         set failing_since = ${since}, last_success_at = coalesce(${ts(lastSuccessAt)}::timestamptz, last_success_at), updated_at = now()
       where id = ${endpointId} returning failing_since`)) as unknown as { failing_since: string }[];
    const failingSince = new Date(endpoint!.failing_since);
    if (lastFailure.at.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
      await disable(
        tx,
        endpointId,
        lastFailure.at,
        `Every attempt has failed since ${formatTimestamp(failingSince)} UTC (5 days); the last: ${describe(lastFailure.result)}`,
      );
    }
  } else if (lastSuccessAt) {
    await tx.execute(sql`
      update webhook_endpoints set failing_since = null, last_success_at = ${ts(lastSuccessAt)}::timestamptz, updated_at = now()
       where id = ${endpointId}`);
  }
  if (gone) await disable(tx, endpointId, gone, `The endpoint answered 410 Gone on ${formatTimestamp(gone)} UTC`);
}

async function disable(tx: Db, endpointId: string, at: Date, reason: string) {
  await tx.execute(sql`
    update webhook_endpoints set enabled = false, disabled_at = ${ts(at)}::timestamptz, disabled_reason = ${reason}, updated_at = now()
     where id = ${endpointId} and enabled`);
}

/** At most this many attempts per recording transaction. */
const RECORD_BATCH = 200;

/**
 * Records attempts as a dispatcher finishes them, by group commit: an attempt finishing while a
 * transaction is being written waits for the next one, which takes every attempt waiting. One
 * attempt at a time costs no delay; many at once share one transaction.
 */
export class AttemptRecorder {
  private waiting: Array<FinishedAttempt & { done: (error?: unknown) => void }> = [];
  private writing = false;

  constructor(
    private readonly db: Db,
    /** Called after each transaction (a dispatcher claims more once its held deliveries are recorded). */
    private readonly onWritten: () => void = () => {},
  ) {}

  record(finished: FinishedAttempt): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...finished, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.writing) void this.write();
    });
  }

  private async write() {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, RECORD_BATCH);
      try {
        await recordAttempts(this.db, batch);
        for (const entry of batch) entry.done();
      } catch {
        // One unrecordable answer must not lose the others: record them one by one.
        for (const entry of batch) await recordAttempt(this.db, entry).then(() => entry.done(), entry.done);
      }
      this.onWritten();
    }
    this.writing = false;
  }
}
