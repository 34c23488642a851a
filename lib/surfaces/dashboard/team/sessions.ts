import { z } from 'zod';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { authSessions } from '../../../platform/db/schema';
import type { MemberCtx } from '../member';

/**
 * A person's own sessions (where they are signed in): listed without their tokens, ended one by one
 * or all but the current one. Every query is held to the person, so no id names someone else's.
 */
export const sessionIdInput = z.strictObject({ session_id: z.uuid() });

export function listSessions(db: Db, userId: string) {
  return db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ipAddress: authSessions.ipAddress,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.updatedAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, sql`now()`)))
    .orderBy(desc(authSessions.createdAt));
}

/**
 * Ends one of the person's other sessions. An id that is not one of theirs (or is the one they use)
 * ends nothing: the answer says how many ended, so nobody learns whose a session is.
 */
export async function revokeSession(ctx: MemberCtx, input: z.infer<typeof sessionIdInput>) {
  const ended = await ctx.db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.id, input.session_id),
        eq(authSessions.userId, ctx.person.user.id),
        ne(authSessions.id, ctx.person.session.id),
      ),
    )
    .returning({ id: authSessions.id });
  return { ended: ended.length };
}

/** Signs the person out everywhere but here. */
export async function signOutOthers(ctx: MemberCtx) {
  const ended = await ctx.db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, ctx.person.user.id), ne(authSessions.id, ctx.person.session.id)))
    .returning({ id: authSessions.id });
  return { ended: ended.length };
}
