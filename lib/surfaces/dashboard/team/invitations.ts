import { z } from 'zod';
import { and, eq, gt, sql } from 'drizzle-orm';
import { getDb } from '../../../platform/db/client';
import { authInvitations, authMembers, authSessions, authUsers, merchants } from '../../../platform/db/schema';
import type { MemberRole } from '../../../platform/vocabulary';
import { addressOf, currentPerson } from '../people';
import { recordAudit } from '../../../access/audit';
import { personActor } from '../perform';
import { hashInvitationSecret } from './members';

/**
 * An invitation as its link shows it, and its acceptance: only with the secret from its mail, by the
 * person signed in with the invited email once they have proved it (a forwarded link, or someone who
 * signed up with an address they do not hold, gets nothing), once, before it expires. The member row,
 * the invitation's new status, the audit line and the session's switch to that business commit
 * together.
 */
export type InvitationState = 'pending' | 'accepted' | 'canceled' | 'expired';

export interface InvitationView {
  id: string;
  email: string;
  role: MemberRole;
  merchantId: string;
  merchant: string;
  invitedBy: string;
  state: InvitationState;
  expiresAt: Date;
}

/** The invitation behind a link's secret, or null for one that is not (never an error: it is what someone typed). */
export async function findInvitation(secret: string): Promise<InvitationView | null> {
  if (!INVITATION_SECRET.safeParse(secret).success) return null;
  const [row] = await getDb()
    .select({
      id: authInvitations.id,
      email: authInvitations.email,
      role: authInvitations.role,
      status: authInvitations.status,
      expiresAt: authInvitations.expiresAt,
      expired: sql<boolean>`${authInvitations.expiresAt} <= now()`,
      merchantId: merchants.id,
      merchant: merchants.name,
      invitedBy: authUsers.name,
    })
    .from(authInvitations)
    .innerJoin(merchants, eq(merchants.id, authInvitations.organizationId))
    .innerJoin(authUsers, eq(authUsers.id, authInvitations.inviterId))
    .where(eq(authInvitations.tokenHash, hashInvitationSecret(secret)));
  if (!row) return null;
  const state: InvitationState =
    row.status === 'accepted'
      ? 'accepted'
      : row.status !== 'pending'
        ? 'canceled'
        : row.expired
          ? 'expired'
          : 'pending';
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? 'viewer',
    merchantId: row.merchantId,
    merchant: row.merchant,
    invitedBy: row.invitedBy,
    state,
    expiresAt: row.expiresAt,
  };
}

/** 32 random bytes, base64url: what invitationUrl puts in the link. */
export const INVITATION_SECRET = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export type AcceptProblem = 'signed_out' | 'unavailable' | 'wrong_email' | 'email_unverified' | 'already_member';

class Refused extends Error {
  constructor(readonly problem: AcceptProblem) {
    super(problem);
  }
}

/** Joins the business: one transaction, the invitation taken only while still pending and unexpired. */
export async function acceptInvitation(
  secret: string,
  headers: Headers,
): Promise<{ ok: true; merchantId: string } | { ok: false; problem: AcceptProblem }> {
  const person = await currentPerson(headers);
  if (!person) return { ok: false, problem: 'signed_out' };
  const invitation = await findInvitation(secret);
  if (!invitation || invitation.state !== 'pending') return { ok: false, problem: 'unavailable' };
  if (invitation.email.toLowerCase() !== person.user.email.toLowerCase()) return { ok: false, problem: 'wrong_email' };
  if (!person.user.emailVerified) return { ok: false, problem: 'email_unverified' };
  try {
    await getDb().transaction(async (tx) => {
      const [taken] = await tx
        .update(authInvitations)
        .set({ status: 'accepted' })
        .where(
          and(
            eq(authInvitations.id, invitation.id),
            eq(authInvitations.status, 'pending'),
            gt(authInvitations.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: authInvitations.id });
      if (!taken) throw new Refused('unavailable');
      const [joined] = await tx
        .insert(authMembers)
        .values({ organizationId: invitation.merchantId, userId: person.user.id, role: invitation.role })
        .onConflictDoNothing()
        .returning({ id: authMembers.id });
      if (!joined) throw new Refused('already_member');
      await tx
        .update(authSessions)
        .set({ activeOrganizationId: invitation.merchantId })
        .where(eq(authSessions.id, person.session.id));
      await recordAudit(
        tx,
        { ...personActor({ person, address: addressOf(headers), userAgent: headers.get('user-agent') }) },
        {
          action: 'invitation.accept',
          merchantId: invitation.merchantId,
          mode: null,
          target: invitation.id,
          details: { role: invitation.role, member_id: joined.id },
        },
      );
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    throw error;
  }
  return { ok: true, merchantId: invitation.merchantId };
}
