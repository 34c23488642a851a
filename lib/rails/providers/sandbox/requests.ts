import { and, eq, sql } from 'drizzle-orm';
import { sandboxRailRequests } from '../../../platform/db/schema';
import type { Db } from '../../../platform/db/client';

/**
 * The sandbox's side of a request: kept once per attempt, payout or transfer (our id is its
 * idempotency key). `onCreated` runs in the same transaction when the request is new (queueing the
 * simulated customer's answer), so a crash can never keep the request and lose its answer: a retry
 * finds the request and its answer both there, or neither.
 */
export async function recordRequest(
  db: Db,
  request: Pick<
    typeof sandboxRailRequests.$inferInsert,
    'reference' | 'kind' | 'subjectId' | 'amount' | 'currencyCode' | 'quotedReference' | 'status'
  >,
  onCreated?: (tx: Db) => Promise<void>,
): Promise<{ reference: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sandboxRailRequests)
      .values(request)
      .onConflictDoNothing({ target: sandboxRailRequests.subjectId })
      .returning({ reference: sandboxRailRequests.reference });
    if (inserted) {
      await onCreated?.(tx);
      return { reference: inserted.reference, created: true };
    }
    const [existing] = await tx
      .select({ reference: sandboxRailRequests.reference })
      .from(sandboxRailRequests)
      .where(eq(sandboxRailRequests.subjectId, request.subjectId));
    return { reference: existing!.reference, created: false };
  });
}

/** What the sandbox posts to a callback address: its reference, as MTN and Daraja post theirs. */
export interface SandboxCallback {
  sandbox_reference: string;
  status: 'succeeded' | 'failed';
}

/**
 * The simulated customer (or bank) answers a pending request: the sandbox's books change, and the
 * body it calls back with is returned. Null when the request is unknown or was answered already
 * (an answer is final, as at a real provider).
 */
export async function answerSandboxRequest(
  db: Db,
  subjectId: string,
  outcome: { status: 'succeeded' } | { status: 'failed'; failure: string },
): Promise<SandboxCallback | null> {
  const [row] = await db
    .update(sandboxRailRequests)
    .set({
      status: outcome.status,
      failure: outcome.status === 'failed' ? outcome.failure : null,
      answeredAt: sql`now()`,
    })
    .where(and(eq(sandboxRailRequests.subjectId, subjectId), eq(sandboxRailRequests.status, 'pending')))
    .returning({ reference: sandboxRailRequests.reference });
  return row ? { sandbox_reference: row.reference, status: outcome.status } : null;
}

/** Reads a sandbox callback for its reference; the status query, not this, decides. */
export function sandboxCallback(body: unknown) {
  if (typeof body !== 'object' || body === null) return null;
  const reference = (body as Record<string, unknown>).sandbox_reference;
  return typeof reference === 'string'
    ? { providerReference: reference, hint: { status: 'unknown' as const, detail: 'a callback is a hint' } }
    : null;
}
