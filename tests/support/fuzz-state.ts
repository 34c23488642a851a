import type { TestSql } from './database';

/**
 * Fingerprints of a test file's database, to show that a refused request changed nothing
 * (tests/integration/fuzz-operations.test.ts): per table, and within it per merchant (or tenant, or `*`
 * for a global table), the number of rows and a 64-bit hash of their content (the xor of each row's
 * hash_record_extended: no text to write out, no order to sort; several times cheaper than md5 over
 * the rows' text).
 *
 * Which tables: every table of lib/platform/db/schema/ (schema `public`) but those in NOT_FINGERPRINTED,
 * without the columns in IGNORED_COLUMNS, and graphile-worker's job queue (a refused request must not
 * leave work behind; its other tables, task names, queues and migrations, are its bookkeeping). A table
 * in neither list fails the test: a new table is decided on, not forgotten. (hash_record_extended and
 * bit_xor need PostgreSQL 14 or later.)
 *
 * Cost: hashing every table costs more than a request (some 3,000 rows by the end of a long run), so a
 * table is hashed again only when a statement has written it since: a statement trigger on each
 * fingerprinted table, installed in this file's own copy of the database (schema `fuzz_state`), counts
 * the statements that wrote it in a sequence of its own and in one for all. Sequences take no lock and
 * ignore rollbacks: the app runs as without them, and a rolled-back write only gets its table hashed
 * again, to no effect. After most requests, reading the one sequence shows that nothing was written.
 *
 * That needs nothing to write while a fingerprint is taken. In integration tests no worker, webhook
 * dispatcher or expiry sweeper runs (only scripts/start.ts, scripts/worker.ts and the e2e setup start
 * them), a request's transactions end before it is answered, and the one write after an answer (the
 * rate limiter's, on a timer) goes to rate_limit_counters, which is not fingerprinted. `full: true`
 * hashes every table every time (FUZZ_STATE_FULL=1 in the fuzz test), to check this shortcut.
 */
const FINGERPRINTED = [
  // merchants and their two tenants (test, live), keys, branding, the dashboard's audit log
  'merchants',
  'tenants',
  'api_keys',
  'admin_keys',
  'branding',
  'branding_logos',
  'audit_log',
  // people (better-auth): accounts, sessions, memberships, invitations, passkeys, verifications
  'auth_users',
  'auth_sessions',
  'auth_accounts',
  'auth_verifications',
  'auth_two_factors',
  'auth_organizations',
  'auth_members',
  'auth_invitations',
  'auth_passkeys',
  'member_mail_preferences',
  // checkouts, how they are paid, and the checkout buttons that create them
  'checkouts',
  'payment_attempts',
  'collections',
  'embed_sessions',
  'embed_session_checkouts',
  'payment_links',
  // money: transactions (deposits, refunds, withdrawals, payouts), the journal, wallets, settlement, FX
  'customer_transactions',
  'customer_transaction_counts',
  'tenant_daily_stats',
  'ledger_entries',
  'ledger_lines',
  'wallet_statement_counts',
  'wallets',
  'settlement_batches',
  'conversion_quotes',
  'conversions',
  'payment_accounts',
  // going live: the business's application, its documents, and every decision on it
  'go_live_applications',
  'go_live_documents',
  'go_live_decisions',
  // what the service tells merchants: events, webhook endpoints, deliveries and their attempts, mail
  'events',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
  'mail_outbox',
  // requests answered once (Idempotency-Key), the rails' circuit breakers, the currencies (seeded)
  'idempotency_keys',
  'rail_circuits',
  // payout callbacks as received, and the status queries they made us ask
  'payout_callbacks',
  'payout_status_questions',
  // the sandbox provider's own books (what it was asked, what its simulated customer answered)
  'sandbox_rail_requests',
  'currencies',
  // jobs waiting for a worker (none runs in integration tests, so a job stays until the file ends)
  'graphile_worker._private_jobs',
] as const;

/** Tables that are not business state, or that a refused request may rightly change. */
const NOT_FINGERPRINTED: Record<string, string> = {
  rate_limit_counters:
    'only counts of requests per window, which every request adds to, refused or not; settled in batches, on a timer after the answer too (lib/access/rate-limit/shared-counter.ts)',
  auth_rate_limits: "the sign-in limiter's counters (better-auth): counting refused sign-ins is their purpose",
  worker_heartbeats: 'liveness beats a running worker writes every 5 s, whatever the requests; no request writes it',
  rail_tokens:
    "a provider's access token (Daraja), shared by the instances and renewed by whichever rail call needs one: not business state",
};

/** Columns a refused request may rightly change. */
const IGNORED_COLUMNS: Record<string, Record<string, string>> = {
  api_keys: {
    last_used_at:
      'written when a key authenticates (at most once a minute), before the request is validated (lib/access/merchant-auth.ts)',
  },
  admin_keys: {
    last_used_at: 'written when an admin key authenticates, before the request is validated (lib/access/admin-auth.ts)',
  },
};

/** The group a row is counted in: its merchant where it has one. */
const GROUP_OF: Record<string, string> = {
  merchants: 'id',
  auth_organizations: 'id',
  auth_members: 'organization_id',
  auth_invitations: 'organization_id',
};

/** Per `table\0group`, `rows:hash`; and the snapshot's next transaction id, to find the rows written since. */
export interface Fingerprint {
  groups: ReadonlyMap<string, string>;
  nextXid: bigint;
}

interface Column {
  schema: string;
  table: string;
  column: string;
  /** Its place in the primary key (1, 2, …), null when not in it. */
  key: number | null;
  type: string;
}

interface TableShape {
  name: string;
  group: string;
  /** Its columns but the ignored ones, as hash_record_extended takes them (json, which has no hash function, as text). */
  columns: string[];
  key: string[];
}

const quote = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

/**
 * Reads the tables' columns and primary keys, checks every table is decided on, installs the write
 * counters, and answers `take()` (a fingerprint) and `changes(before, after)` (what differs, with the
 * rows written since `before`). `labels` names merchants and tenants in the report (ids otherwise).
 */
export async function stateFingerprints(
  sql: TestSql,
  options: { labels?: Record<string, string>; full?: boolean } = {},
) {
  const labels = options.labels ?? {};
  const columns = await sql<Column[]>`
    select n.nspname as schema, c.relname as table, a.attname as column,
           array_position(i.indkey::int2[], a.attnum) as key, format_type(a.atttypid, null) as type
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
     where c.relkind in ('r', 'p') and n.nspname in ('public', 'graphile_worker')
     order by a.attnum`;
  const byTable = new Map<string, Column[]>();
  for (const row of columns) {
    const name = row.schema === 'public' ? row.table : `${row.schema}.${row.table}`;
    byTable.set(name, [...(byTable.get(name) ?? []), row]);
  }
  const fingerprinted: readonly string[] = FINGERPRINTED;
  const undecided = [...byTable.keys()].filter(
    (t) => !t.includes('.') && !fingerprinted.includes(t) && !(t in NOT_FINGERPRINTED),
  );
  const unknown = [...FINGERPRINTED, ...Object.keys(NOT_FINGERPRINTED), ...Object.keys(IGNORED_COLUMNS)].filter(
    (t) => !byTable.has(t),
  );
  const staleColumns = Object.entries(IGNORED_COLUMNS).flatMap(([t, cols]) =>
    Object.keys(cols).filter((c) => !byTable.get(t)?.some((row) => row.column === c)),
  );
  if (undecided.length || unknown.length || staleColumns.length)
    throw new Error(
      `tests/support/fuzz-state.ts: decide whether ${undecided.join(', ') || '-'} hold business state; ` +
        `no table ${unknown.join(', ') || '-'}; no column ${staleColumns.join(', ') || '-'}`,
    );

  const tables: TableShape[] = FINGERPRINTED.map((name) => {
    const rows = byTable.get(name)!;
    const has = (c: string) => rows.some((row) => row.column === c);
    const key = rows
      .filter((row) => row.key !== null)
      .sort((a, b) => a.key! - b.key!)
      .map((row) => quote(row.column));
    if (key.length === 0) throw new Error(`${name} has no primary key to order its rows by`);
    const kept = rows.filter((row) => !IGNORED_COLUMNS[name]?.[row.column]);
    return {
      name,
      group: GROUP_OF[name] ?? (has('merchant_id') ? 'merchant_id' : has('tenant_id') ? 'tenant_id' : ''),
      columns: kept.map((row) => `${quote(row.column)}${row.type === 'json' ? '::text' : ''}`),
      key,
    };
  });
  const groupOf = (t: TableShape) => (t.group ? `${quote(t.group)}::text` : `'*'`);
  const hashes = (list: TableShape[]) =>
    list
      .map(
        (t) =>
          `select '${t.name}' as t, ${groupOf(t)} as g, count(*)::int as n, ` +
          `bit_xor(hash_record_extended(row(${t.columns.join(', ')}), 0))::text as h from ${quote(t.name)} group by 2`,
      )
      .join('\nunion all\n');

  // The write counters: one sequence per table and one for all, moved by a statement trigger.
  await sql.unsafe(`
    create schema fuzz_state;
    create sequence fuzz_state.writes;
    ${tables.map((_, i) => `create sequence fuzz_state.t${i};`).join('\n')}
    create function fuzz_state.written() returns trigger language plpgsql as $$
    begin
      perform nextval('fuzz_state.writes');
      perform nextval(tg_argv[0]::regclass);
      return null;
    end $$;
    ${tables
      .map(
        (t, i) =>
          `create trigger fuzz_state_written after insert or update or delete or truncate on ${quote(t.name)}
             for each statement execute function fuzz_state.written('fuzz_state.t${i}');`,
      )
      .join('\n')}`);
  const valueOf = (sequence: string) =>
    `(select case when is_called then last_value else 0 end from ${sequence})::text`;
  const gateStatement = `select ${valueOf('fuzz_state.writes')} as writes, pg_snapshot_xmax(pg_current_snapshot())::text as xid`;
  const countersStatement = `select array[${tables.map((_, i) => valueOf(`fuzz_state.t${i}`)).join(', ')}] as counters`;

  let current: { writes: string; counters: string[]; groups: Map<string, string> } = {
    writes: '',
    counters: [],
    groups: new Map(),
  };

  async function take(): Promise<Fingerprint> {
    const [gate] = await sql.unsafe<{ writes: string; xid: string }[]>(gateStatement, [], { prepare: true });
    const nextXid = BigInt(gate!.xid);
    if (!options.full && gate!.writes === current.writes) return { groups: current.groups, nextXid };
    const [{ counters } = { counters: [] }] = await sql.unsafe<{ counters: string[] }[]>(countersStatement, [], {
      prepare: true,
    });
    const stale = tables.filter((_, i) => options.full || counters[i] !== current.counters[i]);
    const staleNames = new Set(stale.map((t) => t.name));
    const groups = new Map([...current.groups].filter(([key]) => !staleNames.has(key.slice(0, key.indexOf('\u0000')))));
    if (stale.length) {
      const rows = await sql.unsafe<{ t: string; g: string; n: number; h: string }[]>(hashes(stale), [], {
        prepare: true,
      });
      for (const row of rows) groups.set(`${row.t}\u0000${row.g}`, `${row.n}:${row.h}`);
    }
    current = { writes: gate!.writes, counters, groups };
    return { groups, nextXid };
  }

  /** What differs between two fingerprints, one line per table and group, with a few rows written since `before`. */
  async function changes(before: Fingerprint, after: Fingerprint): Promise<string[]> {
    if (before.groups === after.groups) return [];
    const lines: string[] = [];
    for (const key of new Set([...before.groups.keys(), ...after.groups.keys()])) {
      const [was, is] = [before.groups.get(key), after.groups.get(key)];
      if (was === is) continue;
      const [name, group] = key.split('\u0000') as [string, string];
      const table = tables.find((t) => t.name === name)!;
      // Rows inserted or updated since `before` (by transaction id; fine in a test database young enough).
      const ignored = Object.keys(IGNORED_COLUMNS[name] ?? {}).map((c) => ` - '${c}'`);
      const written = await sql.unsafe<{ row: string }[]>(
        `select (to_jsonb(r)${ignored.join('')})::text as row from ${quote(name)} r
          where ${groupOf(table)} = $1 and xmin::text::bigint >= $2::bigint % 4294967296
          order by ${table.key.join(', ')} limit 3`,
        [group, before.nextXid.toString()],
      );
      const count = (fingerprint?: string) => fingerprint?.split(':')[0] ?? '0';
      lines.push(
        `${name} [${labels[group] ?? group}]: ${count(was)} → ${count(is)} rows` +
          (written.length ? `, written: ${written.map((w) => w.row.slice(0, 500)).join(' | ')}` : ''),
      );
    }
    return lines;
  }

  return { take, changes };
}
