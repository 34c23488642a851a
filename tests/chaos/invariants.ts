import postgres from 'postgres';
import type { ChaosClient, Exchange } from './client';
import type { Fault } from './faults';
import type { Merchant, Outcomes } from './workload';

/**
 * What must be true once everything is restarted and drained, read from the database and the
 * operator API; each check says what it found, and fails the run when it is false.
 */
export interface Check {
  name: string;
  ok: boolean;
  found: string;
}

export const DRAIN_MS = 300_000;

/**
 * Waits until no delivery, payment attempt or money out is still in progress (bounded). A delivery
 * counts while its next attempt falls within the drain; one scheduled beyond it (a receiver that
 * failed many times in a row) is left for `undeliveredPairs` to list as scheduled later, not lost.
 * The bed's retry scale (run.ts) puts five attempts inside the drain.
 */
export async function drain(
  sql: postgres.Sql,
  merchantIds: string[],
): Promise<{ ms: number; left: string | null; atStart: string | null }> {
  const start = Date.now();
  let left: string | null = null;
  let atStart: string | null = null;
  const deadline = new Date(start + DRAIN_MS);
  while (Date.now() - start < DRAIN_MS) {
    const [row] = await sql<{ deliveries: number; attempts: number; money_out: number }[]>`
      select (select count(*)::int from webhook_deliveries where status = 'pending' and next_attempt_at <= ${deadline}
                 and merchant_id = any(${merchantIds}::uuid[])) as deliveries,
             (select count(*)::int from payment_attempts a join checkouts c on c.id = a.checkout_id
               where a.status in ('awaiting_transfer', 'claimed', 'processing') and c.merchant_id = any(${merchantIds}::uuid[])
                 and c.payment_method = 'mobile_money') as attempts,
             (select count(*)::int from customer_transactions where transaction_type = 'payout'
               and payout_status in ('pending', 'processing') and merchant_id = any(${merchantIds}::uuid[])) as money_out`;
    left = row!.deliveries + row!.attempts + row!.money_out ? JSON.stringify(row) : null;
    atStart ??= left ?? 'nothing';
    if (!left) break;
    if ((Date.now() - start) % 20_000 < 2_000) console.log(`  draining: ${left}`);
    await new Promise((r) => setTimeout(r, 2_000));
  }
  if (left) left += await stuckMoneyOut(sql, merchantIds);
  return { ms: Date.now() - start, left, atStart };
}

/** Money out still unfinished after the drain, with its jobs as graphile-worker holds them: why it waits. */
async function stuckMoneyOut(sql: postgres.Sql, merchantIds: string[]): Promise<string> {
  const rows = await sql<{ id: string; status: string; jobs: unknown }[]>`
    select t.id, t.payout_status as status,
           (select coalesce(json_agg(json_build_object('task', j.task_identifier, 'attempts', j.attempts,
                     'run_at', j.run_at, 'locked_by', j.locked_by, 'locked_at', j.locked_at,
                     'last_error', left(j.last_error, 160))), '[]')
              from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id
             where p.payload ->> 'transaction_id' = t.id::text) as jobs
      from customer_transactions t
     where t.transaction_type = 'payout' and t.payout_status in ('pending', 'processing')
       and t.merchant_id = any(${merchantIds}::uuid[])`;
  return rows.map((r) => `\n  ${r.status} ${r.id}: jobs ${JSON.stringify(r.jobs)}`).join('');
}

export async function checkInvariants(options: {
  sql: postgres.Sql;
  client: ChaosClient;
  admin: Record<string, string>;
  merchants: Merchant[];
  outcomes: Outcomes;
  exchanges: Exchange[];
  faults: Fault[];
  drained: { ms: number; left: string | null; atStart: string | null };
  /** When a provider's answer was lost (ms since the epoch): a 503 `rail_unavailable` is due then. */
  lostProviderAnswers?: number[];
}): Promise<Check[]> {
  const { sql, merchants, outcomes } = options;
  const ids = merchants.map((m) => m.id);
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, found: string) => checks.push({ name, ok, found });

  check(
    'everything drained',
    options.drained.left === null,
    `${options.drained.left ? `still in progress: ${options.drained.left}` : `in ${(options.drained.ms / 1000).toFixed(1)} s`}; in progress when the load stopped: ${options.drained.atStart}`,
  );

  const books = await options.client.call('GET', '/api/admin/v1/ledger/reconciliation', { headers: options.admin });
  const report = books.body?.data;
  check(
    'the books reconcile (every entry balances)',
    report?.balanced === true && report.unbalanced_entries.length === 0 && report.negative_balances.length === 0,
    `${report?.entries_checked} entries, ${report?.unbalanced_entries?.length} unbalanced, ${report?.negative_balances?.length} negative`,
  );
  check(
    'every wallet equals its journal',
    report?.wallet_differences?.length === 0,
    `${report?.wallets_checked} wallets, ${report?.wallet_differences?.length} differ`,
  );

  const deposits = await sql<{ id: string; status: string; deposits: number; duplicates: number }[]>`
    select c.id, c.status,
           count(t.id) filter (where not t.is_duplicate)::int as deposits,
           count(t.id) filter (where t.is_duplicate)::int as duplicates
      from checkouts c
      left join customer_transactions t on t.checkout_session_id = c.id and t.transaction_type = 'deposit'
     where c.merchant_id = any(${ids}::uuid[])
     group by c.id, c.status`;
  const paidStates = new Set(['paid', 'completed']);
  const wrong = deposits.filter((c) => (paidStates.has(c.status) ? c.deposits !== 1 : c.deposits !== 0));
  const unpaidTransfers = [...outcomes.transfersPaid].filter(
    (id) => !paidStates.has(deposits.find((c) => c.id === id)?.status ?? ''),
  );
  const paid = deposits.filter((c) => paidStates.has(c.status)).length;
  check(
    'every paid checkout has exactly one deposit (plus flagged duplicates)',
    wrong.length === 0 && unpaidTransfers.length === 0,
    `${paid} paid of ${deposits.length}; ${deposits.reduce((n, c) => n + c.duplicates, 0)} flagged duplicates; ${wrong.length} wrong, ${unpaidTransfers.length} transfers not paid`,
  );

  const moneyOut = await sql<
    { id: string; key: string | null; status: string; kinds: string[]; duplicates_of_key: number }[]
  >`
    select t.id, t.idempotency_key as key, t.payout_status as status,
           coalesce(array_agg(e.kind order by e.kind) filter (where e.id is not null), '{}') as kinds,
           (select count(*)::int from customer_transactions o
             where o.merchant_id = t.merchant_id and o.idempotency_key = t.idempotency_key) as duplicates_of_key
      from customer_transactions t
      left join ledger_entries e on e.customer_transaction_id = t.id
     where t.transaction_type = 'payout' and t.merchant_id = any(${ids}::uuid[])
     group by t.id`;
  const byId = new Map(moneyOut.map((t) => [t.id, t]));
  const lost = [...outcomes.moneyOut.values()].filter((id) => !byId.has(id));
  // Its journal, by final status: sent (debit) then paid out; or sent, then the money back.
  const wrongJournal = moneyOut.filter((t) => {
    const sent = t.kinds.filter((k) => k === 'withdrawal' || k === 'payout').length;
    const back = t.kinds.filter((k) => k === 'reversal').length;
    const journal = t.status === 'completed' ? sent === 2 && back === 0 : sent === 1 && back === 1;
    return !journal || t.kinds.length !== sent + back || t.duplicates_of_key > 1;
  });
  const unfinished = moneyOut.filter((t) => !['completed', 'failed', 'cancelled'].includes(t.status));
  const statuses = count(moneyOut.map((t) => t.status));
  check(
    'no payout paid twice, none lost',
    lost.length + wrongJournal.length + unfinished.length === 0 && moneyOut.length === outcomes.moneyOut.size,
    `${outcomes.moneyOut.size} accepted, ${moneyOut.length} recorded (${statuses}); ${lost.length} lost, ${unfinished.length} unfinished, ${wrongJournal.length} with a wrong journal (paid twice, or failed without the money back)`,
  );

  const undelivered = await undeliveredPairs(sql, merchants);
  const lostPairs = undelivered.filter((p) => p.verdict === 'lost');
  const later = undelivered.filter((p) => p.verdict === 'scheduled later');
  const badSignatures = merchants.flatMap((m) => m.endpoints).reduce((n, e) => n + e.receiver.badSignatures, 0);
  check(
    'every event delivered at least once to every subscribed endpoint (none lost)',
    lostPairs.length === 0 && badSignatures === 0 && undelivered.expected > 0,
    `${undelivered.expected} (event, endpoint) pairs, ${undelivered.length} not received: ${lostPairs.length} lost, ${later.length} scheduled later; ${badSignatures} bad signatures${undelivered.length ? `\n${undelivered.map(describePair).join('\n')}` : ''}`,
  );

  const acknowledged = options.client.acknowledged;
  const kept = new Set(
    (
      await sql.unsafe<{ id: string }[]>(
        `select id::text from (${ACKNOWLEDGED_TABLES.map((t) => `select id from ${t}`).join(' union all ')}) ids
          where id = any($1::uuid[])`,
        [acknowledged.map((a) => a.id)],
      )
    ).map((r) => r.id),
  );
  const forgotten = acknowledged.filter((a) => !kept.has(a.id));
  check(
    'every write answered 2xx is in the database',
    forgotten.length === 0 && acknowledged.length > 0,
    `${acknowledged.length} acknowledged, ${acknowledged.length - forgotten.length} kept (${count(acknowledged.map((a) => a.route))})${
      forgotten.length
        ? `; missing: ${forgotten
            .slice(0, 20)
            .map((a) => `${a.route} ${a.id} at ${new Date(a.at).toISOString()}`)
            .join(', ')}`
        : ''
    }`,
  );

  const outside = serverErrorsOutsideOutages(options.exchanges, options.faults, options.lostProviderAnswers ?? []);
  const hung = options.exchanges.filter((e) => e.hung).length;
  check(
    'no 5xx outside the database outages, no request hung',
    outside.length === 0 && hung === 0,
    `${options.exchanges.length} requests, ${options.exchanges.filter((e) => e.status >= 500).length} 5xx in all, ${outside.length} outside (${count(outside.map((e) => `${e.status} ${e.proxy ?? e.code ?? ''} ${e.route}`))}), ${hung} hung`,
  );
  check('every request got a final answer', outcomes.gaveUp.length === 0, `${outcomes.gaveUp.length} gave up`);
  return checks;
}

/** Where the ids of the writes the bed makes live: a 2xx's `data.id` must be in one of them. */
const ACKNOWLEDGED_TABLES = [
  'merchants',
  'checkouts',
  'payment_attempts',
  'customer_transactions',
  'payment_accounts',
  'webhook_endpoints',
  'api_keys',
  'settlement_batches',
];

/** An (event, endpoint) pair its receiver never got, and what the service holds of it. */
export interface UndeliveredPair {
  event: string;
  endpoint: string;
  delivery: { status: string; attempts: number; next_attempt_at: Date | null; last: string | null } | null;
  /** lost: no delivery, or one given up or marked succeeded; scheduled later: pending, with a next attempt. */
  verdict: 'lost' | 'scheduled later';
}

/** Every pair whose receiver has no record of the event, with its delivery's state read from the database. */
export async function undeliveredPairs(
  sql: postgres.Sql,
  merchants: Merchant[],
): Promise<UndeliveredPair[] & { expected: number }> {
  const pairs: UndeliveredPair[] = [];
  let expected = 0;
  for (const merchant of merchants) {
    const events = await sql<{ id: string }[]>`
      select e.id from events e join webhook_endpoints w on w.id = ${merchant.endpoints[0]!.id}
       where e.merchant_id = ${merchant.id} and e.tenant_id = w.tenant_id and e.created_at > w.created_at`;
    for (const endpoint of merchant.endpoints) {
      const received = endpoint.receiver.received.get(endpoint.route) ?? new Set();
      expected += events.length;
      const missing = events.filter((e) => !received.has(e.id)).map((e) => e.id);
      if (!missing.length) continue;
      const rows = await sql<
        { event_id: string; status: string; attempt_count: number; next_attempt_at: Date; last: string | null }[]
      >`select event_id, status, attempt_count, next_attempt_at,
               coalesce(last_status_code::text, last_error) as last
          from webhook_deliveries where endpoint_id = ${endpoint.id} and event_id = any(${missing}::uuid[])`;
      const byEvent = new Map(rows.map((r) => [r.event_id, r]));
      for (const event of missing) {
        const row = byEvent.get(event);
        const delivery = row
          ? {
              status: row.status,
              attempts: row.attempt_count,
              next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
              last: row.last,
            }
          : null;
        pairs.push({
          event,
          endpoint: endpoint.id,
          delivery,
          verdict: delivery?.next_attempt_at ? 'scheduled later' : 'lost',
        });
      }
    }
  }
  return Object.assign(pairs, { expected });
}

const describePair = (p: UndeliveredPair) =>
  `  ${p.verdict}: event ${p.event} → endpoint ${p.endpoint}: ${
    p.delivery
      ? `${p.delivery.status} after ${p.delivery.attempts} attempts (last: ${p.delivery.last ?? 'none'})${p.delivery.next_attempt_at ? `, next at ${p.delivery.next_attempt_at.toISOString()}` : ''}`
      : 'no delivery row'
  }`;

/**
 * 5xx (and lost connections) allowed: a 503 with Retry-After while the primary was lost or cut off
 * (and for 10 s after another node led or the partition healed, while HAProxy's checks and the pools
 * catch up); the balancer's 502, or a cut connection, in the second
 * a web instance was killed (requests it was serving); a 503 `rail_unavailable` with Retry-After while a provider's answer was lost (the request took up to the rail's time-out). Everything else counts.
 */
export const DATABASE_FAULTS: Fault['kind'][] = ['kill primary', 'kill postmaster', 'partition primary'];

export function serverErrorsOutsideOutages(
  exchanges: Exchange[],
  faults: Fault[],
  lostAnswers: number[] = [],
): Exchange[] {
  const during = (e: Exchange, kind: Fault['kind'], afterMs: number) =>
    faults.some(
      (f) => f.kind === kind && e.at + e.ms >= f.at && e.at <= (kind === 'kill web' ? f.at : f.restoredAt) + afterMs,
    );
  return exchanges.filter((e) => {
    if (e.status !== 0 && e.status < 500) return false;
    const databaseFault = DATABASE_FAULTS.some((kind) => during(e, kind, 10_000));
    if (e.status === 503 && e.retryAfter && databaseFault) return false;
    if ((e.status === 0 || e.proxy === 'backend-lost') && !e.hung && during(e, 'kill web', 1_000)) return false;
    const providerSilent = lostAnswers.some((at) => at >= e.at - 1_000 && at <= e.at + e.ms);
    if (e.status === 503 && e.code === 'rail_unavailable' && e.retryAfter && providerSilent) return false;
    return true;
  });
}

export function count(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';
}
