import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { getDb, getSql } from '../../platform/db/client';
import { config } from '../../platform/config';
import { formatTimestamp } from '../../platform/time';
import { describeError, log } from '../../platform/log';
import { computeWebhookSignature } from './verify';
import { sendWebhook, type SendResult } from './send';
import { DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, nextAttemptAt } from './schedule';
import { envelopeOf } from './envelope';
import { reservedLoopbackPorts } from './loopback';

/** At most this many deliveries of one endpoint in flight, so one slow endpoint cannot take every slot. */
export const PER_ENDPOINT_IN_FLIGHT = 4;
export const USER_AGENT = 'MerchantPayments-Webhooks/1';

/** postgres.js binds text, not Date, in raw SQL. */
const ts = (d: Date | null) => d?.toISOString() ?? null;

/** A claim lasts this much longer than an attempt may take; then another dispatcher may try again. */
const leaseMs = () => config().WEBHOOK_TIMEOUT_SECONDS * 1000 + 5_000;

export interface ClaimedDelivery {
  id: string;
  leaseToken: string;
  attemptCount: number;
  endpointId: string;
  url: string;
  allowLoopback: boolean;
  secrets: string[];
  event: { id: string; eventType: string; createdAt: Date; data: Record<string, unknown> };
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints (earliest first, at most
 * PER_ENDPOINT_IN_FLIGHT per endpoint) with a lease. Two dispatchers never claim the same delivery:
 * the UPDATE re-checks the lease on the row it locks.
 */
export async function claimDue(db: Db, options: { limit: number; now?: Date }): Promise<ClaimedDelivery[]> {
  const now = options.now ?? new Date();
  const until = new Date(now.getTime() + leaseMs());
  const rows = await db.execute<{
    id: string;
    lease_token: string;
    attempt_count: number;
    endpoint_id: string;
    url: string;
    allow_loopback: boolean;
    secret: string;
    previous_secret: string | null;
    previous_secret_expires_at: string | null;
    event_id: string;
    event_type: string;
    event_created_at: string;
    data: Record<string, unknown>;
  }>(sql`
    with busy as (
      select endpoint_id, count(*) as n from webhook_deliveries
       where status = 'pending' and locked_until > ${ts(now)}::timestamptz
       group by endpoint_id
    ), candidates as (
      select d.id, d.next_attempt_at,
             row_number() over (partition by d.endpoint_id order by d.next_attempt_at, d.id) + coalesce(b.n, 0) as slot
        from webhook_deliveries d
        join webhook_endpoints w on w.id = d.endpoint_id and w.enabled and w.deleted_at is null
        left join busy b on b.endpoint_id = d.endpoint_id
       where d.status = 'pending' and d.next_attempt_at <= ${ts(now)}::timestamptz
         and (d.locked_until is null or d.locked_until <= ${ts(now)}::timestamptz)
    ), picked as (
      select id from candidates where slot <= ${PER_ENDPOINT_IN_FLIGHT} order by next_attempt_at, id limit ${options.limit}
    )
    update webhook_deliveries d
       set locked_until = ${ts(until)}::timestamptz, lease_token = gen_random_uuid(), updated_at = now()
      from picked, webhook_endpoints w, events e, tenants t
     where d.id = picked.id and w.id = d.endpoint_id and e.id = d.event_id and t.id = w.tenant_id
       and w.enabled and w.deleted_at is null
       and d.status = 'pending' and (d.locked_until is null or d.locked_until <= ${ts(now)}::timestamptz)
    returning d.id, d.lease_token, d.attempt_count, d.endpoint_id, w.url, w.allow_loopback and t.mode = 'test' as allow_loopback, w.secret,
              w.previous_secret, w.previous_secret_expires_at, e.id as event_id, e.event_type,
              e.created_at as event_created_at, e.data`);
  return rows.map((r) => ({
    id: r.id,
    leaseToken: r.lease_token,
    attemptCount: r.attempt_count,
    endpointId: r.endpoint_id,
    url: r.url,
    allowLoopback: r.allow_loopback,
    secrets: [
      r.secret,
      ...(r.previous_secret && r.previous_secret_expires_at && new Date(r.previous_secret_expires_at) > now
        ? [r.previous_secret]
        : []),
    ],
    event: { id: r.event_id, eventType: r.event_type, createdAt: new Date(r.event_created_at), data: r.data },
  }));
}

/** The signature header: one `v1` per secret (two during a rotation), over this attempt's timestamp. */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${computeWebhookSignature(s, timestamp, body)}`)].join(',');
}

/** Sends one claimed delivery and records the attempt; returns what happened. */
export async function deliverClaimed(
  db: Db,
  delivery: ClaimedDelivery,
  options: { now?: () => Date } = {},
): Promise<SendResult> {
  const clock = options.now ?? (() => new Date());
  const body = JSON.stringify(envelopeOf(delivery.event));
  const timestamp = Math.floor(clock().getTime() / 1000);
  const result = await sendWebhook(
    delivery.url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'x-webhook-id': delivery.event.id,
      'x-webhook-event': delivery.event.eventType,
      'x-webhook-attempt': String(delivery.attemptCount + 1),
      'x-webhook-signature': signatureHeader(delivery.secrets, timestamp, body),
    },
    {
      // Only test endpoints may opt in (the claim reads allow_loopback as false for a live one).
      allowLoopback: delivery.allowLoopback,
      reservedLoopbackPorts: reservedLoopbackPorts(),
      timeoutMs: config().WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
  );
  try {
    await recordAttempt(db, delivery, result, clock());
  } catch (error) {
    // Whatever the receiver answered must never make the attempt unrecordable (and so re-sent forever).
    log.warn('webhook attempt could not be recorded as received; recording it without the body', {
      delivery_id: delivery.id,
      ...describeError(error),
    });
    await recordAttempt(db, delivery, { ...result, responseBody: null }, clock());
  }
  return result;
}

const succeeded = (r: SendResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

async function recordAttempt(db: Db, delivery: ClaimedDelivery, result: SendResult, now: Date) {
  const attempt = delivery.attemptCount + 1;
  const ok = succeeded(result);
  const gone = result.statusCode === 410;
  const retryAt = ok || gone ? null : nextAttemptAt(attempt, now, result.retryAfterSeconds);
  const status = ok ? 'succeeded' : gone || retryAt === null ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    const updated = await tx.execute(sql`
      update webhook_deliveries
         set status = ${status}, attempt_count = ${attempt}, next_attempt_at = coalesce(${ts(retryAt)}::timestamptz, next_attempt_at),
             locked_until = null, lease_token = null, last_attempt_at = ${ts(now)}::timestamptz, last_status_code = ${result.statusCode},
             last_error = ${result.error}, delivered_at = ${ok ? ts(now) : null}::timestamptz, updated_at = now()
       where id = ${delivery.id} and lease_token = ${delivery.leaseToken} and status = 'pending'
      returning merchant_id, tenant_id`);
    // The lease ran out and another dispatcher has this delivery now (its attempt is the one recorded),
    // or the delivery was cancelled meanwhile (endpoint deleted).
    const owner = updated[0] as { merchant_id: string; tenant_id: string } | undefined;
    if (!owner) return;
    await tx.execute(sql`
      insert into webhook_attempts (merchant_id, tenant_id, delivery_id, attempt_number, succeeded, status_code, error, latency_ms, response_body, next_retry_at, created_at)
      values (${owner.merchant_id}, ${owner.tenant_id}, ${delivery.id}, ${attempt}, ${ok}, ${result.statusCode}, ${result.error}, ${result.latencyMs},
              ${result.responseBody}, ${ts(retryAt)}::timestamptz, ${ts(now)}::timestamptz)`);
    if (ok) {
      await tx.execute(sql`
        update webhook_endpoints set failing_since = null, last_success_at = ${ts(now)}::timestamptz, updated_at = now()
         where id = ${delivery.endpointId}`);
    } else if (gone) {
      await tx.execute(sql`
        update webhook_endpoints
           set enabled = false, disabled_at = ${ts(now)}::timestamptz, updated_at = now(),
               disabled_reason = ${`The endpoint answered 410 Gone on ${formatTimestamp(now)} UTC`}
         where id = ${delivery.endpointId} and enabled`);
    } else {
      const [endpoint] = (await tx.execute(sql`
        update webhook_endpoints set failing_since = coalesce(failing_since, ${ts(now)}::timestamptz), updated_at = now()
         where id = ${delivery.endpointId} returning failing_since`)) as unknown as { failing_since: string }[];
      const failingSince = new Date(endpoint!.failing_since);
      if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
        await tx.execute(sql`
          update webhook_endpoints
             set enabled = false, disabled_at = ${ts(now)}::timestamptz, updated_at = now(),
                 disabled_reason = ${`Every attempt has failed since ${formatTimestamp(failingSince)} UTC (5 days); the last: ${describe(result)}`}
           where id = ${delivery.endpointId} and enabled`);
      }
    }
  });
  if (!ok)
    log.info('webhook attempt failed', {
      delivery_id: delivery.id,
      attempt,
      status_code: result.statusCode,
      error: result.error,
      last: attempt >= MAX_ATTEMPTS,
    });
}

const describe = (r: SendResult) => (r.statusCode !== null ? `HTTP ${r.statusCode}` : (r.error ?? 'no response'));

/** Claims and delivers everything due now, waiting for all of it (tests, scripts). */
export async function deliverDueNow(
  db: Db = getDb(),
  options: { now?: Date; limit?: number } = {},
): Promise<SendResult[]> {
  const claimed = await claimDue(db, { limit: options.limit ?? 100, now: options.now });
  return Promise.all(claimed.map((d) => deliverClaimed(db, d, options.now ? { now: () => options.now! } : {})));
}

export interface RunningDispatcher {
  stop(): Promise<void>;
}

/**
 * The delivery loop of a worker process: keeps up to WEBHOOK_CONCURRENCY deliveries in flight, woken
 * by NOTIFY webhook_deliveries (a new event), by a finished delivery, or once a second (retries due).
 */
export async function startWebhookDispatcher(): Promise<RunningDispatcher> {
  const db = getDb();
  const concurrency = config().WEBHOOK_CONCURRENCY;
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  // Set by every wake-up; a wake-up while claiming is not lost, the loop just does not sleep.
  let signalled = false;
  let waiter: (() => void) | null = null;
  const wake = () => {
    signalled = true;
    waiter?.();
  };
  const listener = await getSql().listen('webhook_deliveries', () => wake());

  const loop = (async () => {
    while (!stopped) {
      signalled = false;
      const free = concurrency - inFlight.size;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0) {
        try {
          claimed = await claimDue(db, { limit: free });
        } catch (error) {
          log.warn('webhook claim failed', describeError(error));
        }
      }
      for (const delivery of claimed) {
        const running: Promise<unknown> = deliverClaimed(db, delivery)
          .catch((error: unknown) =>
            log.warn('webhook delivery failed to record', { delivery_id: delivery.id, ...describeError(error) }),
          )
          .finally(() => {
            inFlight.delete(running);
            wake();
          });
        inFlight.add(running);
      }
      if ((free > 0 && claimed.length === free) || signalled) continue; // there may be more waiting
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      waiter = null;
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
      await Promise.allSettled([...inFlight]);
      await listener.unlisten();
    },
  };
}
