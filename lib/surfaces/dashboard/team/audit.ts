import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../platform/db/client';
import type { MemberCtx } from '../member';
import { auditLog } from '../../../platform/db/schema';
import { ACTOR_TYPES } from '../../../platform/vocabulary';
import { actorLabel } from '../../../access/audit';
import { csvCell } from '../views/transactions-csv';

/**
 * The merchant's audit log: every change by a member, an API key (and the person behind it), or the
 * operator, newest first, a page at a time, filtered by who acted and what was done, and as a CSV.
 * The next page starts after a row (its id): PostgreSQL compares (created_at, id) itself, so rows made
 * in the same microsecond are neither skipped nor shown twice. Only owners read it: it names
 * everyone's actions and addresses.
 */
export const AUDIT_PAGE_SIZE = 50;

export const auditQuery = z.strictObject({
  actor: z.enum(ACTOR_TYPES).optional(),
  /** An action, or its object (`api_key` matches `api_key.create` and `api_key.revoke`). */
  action: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'must be an action name such as api_key or api_key.create')
    .optional(),
  after: z.uuid().optional(),
});
export type AuditQuery = z.output<typeof auditQuery>;

const columns = {
  id: auditLog.id,
  actorType: auditLog.actorType,
  actorEmail: auditLog.actorEmail,
  apiKeyId: auditLog.apiKeyId,
  adminKeyId: auditLog.adminKeyId,
  action: auditLog.action,
  target: auditLog.target,
  mode: auditLog.mode,
  ipAddress: auditLog.ipAddress,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
};

function filters(merchantId: string, query: Omit<AuditQuery, 'after'>): SQL | undefined {
  return and(
    eq(auditLog.merchantId, merchantId),
    query.actor ? eq(auditLog.actorType, query.actor) : undefined,
    query.action
      ? query.action.includes('.')
        ? eq(auditLog.action, query.action)
        : like(auditLog.action, `${query.action}.%`)
      : undefined,
  );
}

export async function auditPage(db: Db, merchantId: string, query: AuditQuery | string | null, size = AUDIT_PAGE_SIZE) {
  const { after, ...filter } = typeof query === 'object' && query ? query : { after: query ?? undefined };
  const cursor = after && z.uuid().safeParse(after).success ? after : null;
  const rows = await readRows(db, merchantId, filter, cursor, size + 1);
  return {
    rows: rows.slice(0, size).map((r) => ({ ...r, actor: actorLabel(r) })),
    next: rows.length > size ? rows[size - 1]!.id : null,
  };
}

/** Only owners read the log. Null for anyone else. */
export async function auditLogFor(ctx: MemberCtx, query: AuditQuery | string | null) {
  if (ctx.role !== 'owner') return null;
  return auditPage(ctx.db, ctx.merchant.id, query);
}

const CSV_COLUMNS = [
  'created_at',
  'actor_type',
  'actor',
  'api_key_id',
  'action',
  'target',
  'mode',
  'address',
  'details',
];

/** The filtered log as CSV, 1,000 rows at a time by keyset, never a formula a spreadsheet would run. */
export async function* auditCsv(db: Db, merchantId: string, query: Omit<AuditQuery, 'after'>) {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let last: string | null = null;
  for (;;) {
    const rows: Awaited<ReturnType<typeof readRows>> = await readRows(db, merchantId, query, last, 1000);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        [
          r.createdAt.toISOString(),
          r.actorType,
          actorLabel(r),
          r.apiKeyId ?? r.adminKeyId,
          r.action,
          r.target,
          r.mode,
          r.ipAddress,
          JSON.stringify(r.details),
        ]
          .map(csvCell)
          .join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
    last = rows.at(-1)!.id;
  }
}

/** Rows after a row, compared in PostgreSQL (a JavaScript Date would drop the microseconds). */
function readRows(db: Db, merchantId: string, query: Omit<AuditQuery, 'after'>, after: string | null, limit: number) {
  return db
    .select(columns)
    .from(auditLog)
    .where(
      and(
        filters(merchantId, query),
        after
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (select a.created_at, a.id from audit_log a where a.id = ${after} and a.merchant_id = ${merchantId})`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
