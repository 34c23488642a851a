import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import type { EnvelopedEvent } from './envelope';

/** At most this many deliveries of one endpoint in flight, so one slow endpoint cannot take every slot. */
export const PER_ENDPOINT_IN_FLIGHT = 4;
/**
 * A dispatcher claims up to this many deliveries of one endpoint at once and sends them
 * PER_ENDPOINT_IN_FLIGHT at a time: one claim then serves several rounds of sends (a claim per
 * delivery capped one endpoint at ~300 deliveries/s).
 */
export const PER_ENDPOINT_CLAIM = 16;

/** postgres.js binds text, not Date, in raw SQL. */
export const ts = (d: Date | null) => d?.toISOString() ?? null;

/** A queued delivery is sent only while its lease has this long left: the attempt's timeout plus 1 s to record it. */
export const leaseNeededToSend = () => config().WEBHOOK_TIMEOUT_SECONDS * 1000 + 1_000;

export interface ClaimedDelivery {
  id: string;
  leaseToken: string;
  /** The lease runs out then; a delivery still queued that cannot finish before it is given back. */
  lockedUntil: Date;
  attemptCount: number;
  endpointId: string;
  url: string;
  allowLoopback: boolean;
  secrets: string[];
  event: EnvelopedEvent;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints for dispatcher `claimer`, earliest first.
 *
 * - An endpoint is served by one dispatcher at a time: one whose deliveries another dispatcher holds
 *   is skipped, so PER_ENDPOINT_IN_FLIGHT holds across processes.
 * - At most `perEndpoint` per endpoint in the claimer's line, counting `queued` (what it already has
 *   queued or sending for that endpoint; attempts only waiting to be recorded do not count).
 * - The lease grows with a delivery's place in its endpoint's line: the n-th can start only after
 *   ⌈n / PER_ENDPOINT_IN_FLIGHT⌉ − 1 rounds of attempts, each at most the attempt timeout.
 * - Two dispatchers never claim the same delivery: the UPDATE re-checks the lease on the row it locks.
 */
export async function claimDue(
  db: Db,
  options: {
    limit: number;
    claimer?: string;
    perEndpoint?: number;
    queued?: ReadonlyMap<string, number>;
    now?: Date;
  },
): Promise<ClaimedDelivery[]> {
  const now = options.now ?? new Date();
  const claimer = options.claimer ?? crypto.randomUUID();
  const perEndpoint = options.perEndpoint ?? PER_ENDPOINT_IN_FLIGHT;
  const queued = JSON.stringify([...(options.queued ?? [])].map(([endpoint_id, n]) => ({ endpoint_id, n })));
  const timeoutMs = config().WEBHOOK_TIMEOUT_SECONDS * 1000;
  const rows = await db.execute<{
    id: string;
    lease_token: string;
    locked_until: string;
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
    event_sequence: string;
    data: Record<string, unknown>;
    slot: string;
  }>(sql`
    with recursive lines(endpoint_id) as (
      -- The endpoints with pending deliveries, one index probe each (a loose index scan), not every row.
      (select endpoint_id from webhook_deliveries where status = 'pending' order by endpoint_id limit 1)
      union all
      select (select d.endpoint_id from webhook_deliveries d
               where d.status = 'pending' and d.endpoint_id > l.endpoint_id order by d.endpoint_id limit 1)
        from lines l where l.endpoint_id is not null
    ), queued as (
      select * from jsonb_to_recordset(${queued}::jsonb) as q(endpoint_id uuid, n int)
    ), open_lines as (
      select l.endpoint_id, coalesce(q.n, 0) as queued
        from lines l
        join webhook_endpoints w on w.id = l.endpoint_id and w.enabled and w.deleted_at is null
        left join queued q on q.endpoint_id = l.endpoint_id
       where coalesce(q.n, 0) < ${perEndpoint}
         and not exists (select 1 from webhook_deliveries o
                          where o.endpoint_id = l.endpoint_id and o.status = 'pending' and o.claimed_by is not null
                            and o.claimed_by <> ${claimer}::uuid and o.locked_until > ${ts(now)}::timestamptz)
    ), candidates as (
      select x.id, x.next_attempt_at, ol.queued + x.n as slot
        from open_lines ol
        cross join lateral (
          select d.id, d.next_attempt_at, row_number() over (order by d.next_attempt_at, d.id) as n
            from webhook_deliveries d
           where d.endpoint_id = ol.endpoint_id and d.status = 'pending' and d.next_attempt_at <= ${ts(now)}::timestamptz
             and (d.locked_until is null or d.locked_until <= ${ts(now)}::timestamptz)
           order by d.next_attempt_at, d.id
           limit ${perEndpoint} - ol.queued
        ) x
    ), picked as (
      select id, slot from candidates where slot <= ${perEndpoint} order by next_attempt_at, id limit ${options.limit}
    )
    update webhook_deliveries d
       set locked_until = ${ts(now)}::timestamptz
             + make_interval(secs => (ceil(picked.slot::numeric / ${PER_ENDPOINT_IN_FLIGHT}) * ${timeoutMs} + 5000) / 1000.0),
           lease_token = gen_random_uuid(), claimed_by = ${claimer}::uuid, updated_at = now()
      from picked, webhook_endpoints w, events e, tenants t
     where d.id = picked.id and w.id = d.endpoint_id and e.id = d.event_id and t.id = w.tenant_id
       and w.enabled and w.deleted_at is null
       and d.status = 'pending' and (d.locked_until is null or d.locked_until <= ${ts(now)}::timestamptz)
    returning d.id, picked.slot, d.lease_token, d.locked_until, d.attempt_count, d.endpoint_id, w.url,
              w.allow_loopback and t.mode = 'test' as allow_loopback, w.secret,
              w.previous_secret, w.previous_secret_expires_at, e.id as event_id, e.event_type,
              e.created_at as event_created_at, e.sequence as event_sequence, e.data`);
  return rows
    .map((r) => ({
      id: r.id,
      leaseToken: r.lease_token,
      lockedUntil: new Date(r.locked_until),
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
      event: {
        id: r.event_id,
        sequence: r.event_sequence,
        eventType: r.event_type,
        createdAt: new Date(r.event_created_at),
        data: r.data,
      },
      slot: Number(r.slot),
    }))
    .sort((a, b) => a.slot - b.slot)
    .map(({ slot: _slot, ...delivery }) => delivery);
}

/**
 * Gives claimed deliveries back unsent (a dispatcher stopping, or a lease too short for the attempt),
 * so any dispatcher may take them at once instead of after the lease.
 */
export async function releaseClaims(db: Db, deliveries: readonly ClaimedDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  const claims = JSON.stringify(deliveries.map((d) => ({ id: d.id, lease_token: d.leaseToken })));
  await db.execute(sql`
    update webhook_deliveries d
       set locked_until = null, lease_token = null, claimed_by = null, updated_at = now()
      from jsonb_to_recordset(${claims}::jsonb) as c(id uuid, lease_token uuid)
     where d.id = c.id and d.lease_token = c.lease_token and d.status = 'pending'`);
}
