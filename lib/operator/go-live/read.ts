import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { goLiveApplications, goLiveDecisions } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { formatTimestamp } from '../../platform/time';
import { currentOf, presentApplication } from './application';
import { listDocuments } from './documents';

type ApplicationRow = typeof goLiveApplications.$inferSelect;

/** One application's documents (no bytes) and every decision, newest first. */
async function withHistory(db: Db, row: ApplicationRow) {
  const [documents, decisions] = await Promise.all([
    listDocuments(db, row.id),
    db
      .select()
      .from(goLiveDecisions)
      .where(eq(goLiveDecisions.applicationId, row.id))
      .orderBy(asc(goLiveDecisions.createdAt), asc(goLiveDecisions.id)),
  ]);
  return {
    ...presentApplication(row),
    documents,
    decisions: decisions.reverse().map((d) => ({
      decision: d.decision,
      reason: d.reason,
      by: d.actorEmail,
      at: formatTimestamp(d.createdAt)!,
    })),
  };
}

/**
 * The application as its page shows it: fields, documents (no bytes), every decision, newest first;
 * and the earlier applications a rejection was followed by (`earlier`, newest first), each with its
 * own documents and decisions, kept as history.
 */
export async function readApplication(db: Db, merchantId: string) {
  const [row] = await db.select().from(goLiveApplications).where(currentOf(merchantId));
  if (!row) return null;
  const earlierRows = await db
    .select()
    .from(goLiveApplications)
    .where(and(eq(goLiveApplications.merchantId, merchantId), isNotNull(goLiveApplications.supersededAt)))
    .orderBy(desc(goLiveApplications.createdAt), desc(goLiveApplications.id));
  const [current, earlier] = await Promise.all([
    withHistory(db, row),
    Promise.all(earlierRows.map((r) => withHistory(db, r))),
  ]);
  return { ...current, earlier };
}
export type GoLiveApplicationView = NonNullable<Awaited<ReturnType<typeof readApplication>>>;
