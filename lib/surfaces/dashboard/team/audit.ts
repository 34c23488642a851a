import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../platform/db/client';
import type { MemberCtx } from '../member';
import { auditLog } from '../../../platform/db/schema';

/**
 * The merchant's audit log, newest first, a page at a time. The next page starts after a row (its id):
 * PostgreSQL compares (created_at, id) itself, so rows made in the same microsecond are neither
 * skipped nor shown twice.
 */
export const AUDIT_PAGE_SIZE = 50;

export async function auditPage(db: Db, merchantId: string, after: string | null, size = AUDIT_PAGE_SIZE) {
  const cursor = after && z.uuid().safeParse(after).success ? after : null;
  const rows = await db
    .select({
      id: auditLog.id,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      target: auditLog.target,
      mode: auditLog.mode,
      ipAddress: auditLog.ipAddress,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.merchantId, merchantId),
        cursor
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (select a.created_at, a.id from audit_log a where a.id = ${cursor} and a.merchant_id = ${merchantId})`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(size + 1);
  return { rows: rows.slice(0, size), next: rows.length > size ? rows[size - 1]!.id : null };
}

/** Only owners read the log: it names everyone's actions and addresses. Null for anyone else. */
export async function auditLogFor(ctx: MemberCtx, after: string | null) {
  if (ctx.role !== 'owner') return null;
  return auditPage(ctx.db, ctx.merchant.id, after);
}
