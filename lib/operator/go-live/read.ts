import { asc, eq } from 'drizzle-orm';
import { goLiveApplications, goLiveDecisions } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { formatTimestamp } from '../../platform/time';
import { presentApplication } from './application';
import { listDocuments } from './documents';

/** The application as its page shows it: fields, documents (no bytes), every decision, newest first. */
export async function readApplication(db: Db, merchantId: string) {
  const [row] = await db.select().from(goLiveApplications).where(eq(goLiveApplications.merchantId, merchantId));
  if (!row) return null;
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
export type GoLiveApplicationView = NonNullable<Awaited<ReturnType<typeof readApplication>>>;
