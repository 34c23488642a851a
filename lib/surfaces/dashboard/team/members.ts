import crypto from 'node:crypto';
import { z } from 'zod';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import { authInvitations, authMembers, authSessions, authUsers } from '../../../platform/db/schema';
import { MEMBER_ROLES, type MemberRole } from '../../../platform/vocabulary';
import { forbidden, invalidField, notFound } from '../../../platform/http/errors';
import { queueMail } from '../../../platform/mail/outbox';
import { invitationMail } from '../../../access/people/mails';
import { enforceRateLimit } from '../../../access/rate-limit/limit';
import type { MemberCtx } from '../member';
import { revokeKeysOf } from '../../../merchants/api-keys/revoke-api-key';
import { ROLE_GRANTS } from '../../../access/people/roles';

/**
 * A merchant's team: who is in it, who is invited, and the changes owners and admins make. Owners
 * may do everything; admins everything that does not touch an owner or make one. A business always
 * keeps one owner. better-auth's organization plugin reads these same tables (members, invitations).
 */
export const INVITATION_HOURS = 48;
/** Invitations a business may send in an hour: enough for a team, too few to mail-bomb anyone. */
export const INVITATIONS_PER_HOUR = 20;

/**
 * The link in an invitation's mail. Its secret is the only way to accept it (the row id, which the
 * team page shows its managers, accepts nothing); only its SHA-256 is stored. The secret rides in the
 * query string, which no log records.
 */
export const invitationUrl = (secret: string) =>
  `${config().API_BASE_URL}${INVITATION_ACCEPT_PATH}?token=${encodeURIComponent(secret)}`;
export const INVITATION_ACCEPT_PATH = '/invitations/accept';
export const hashInvitationSecret = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

const role = z.enum(MEMBER_ROLES);
export const inviteInput = z.strictObject({
  email: z
    .email()
    .max(254)
    .transform((e) => e.toLowerCase()),
  role,
});
export const changeRoleInput = z.strictObject({ member_id: z.uuid(), role });
export const memberIdInput = z.strictObject({ member_id: z.uuid() });
export const invitationIdInput = z.strictObject({ invitation_id: z.uuid() });

export type InviteInput = z.infer<typeof inviteInput>;

/** Owners hold everything; an admin may not touch an owner nor make one. */
function mayTouch(actor: MemberRole, target: MemberRole | null | undefined, to?: MemberRole): void {
  if (actor === 'owner') return;
  if (target === 'owner' || to === 'owner') throw forbidden('Only an owner can change an owner or make one');
}

/** Who manages the team: owners and admins (the owner rules are in the verbs below). */
export const TEAM_MANAGERS: readonly MemberRole[] = ['owner', 'admin'];

/** The team; pending invitations only for those who manage it (null for anyone else: no ids, no emails). */
export async function listTeam(ctx: Pick<MemberCtx, 'db' | 'merchant' | 'role'>) {
  const { db } = ctx;
  const merchantId = ctx.merchant.id;
  const members = await db
    .select({
      id: authMembers.id,
      userId: authMembers.userId,
      name: authUsers.name,
      email: authUsers.email,
      role: authMembers.role,
      since: authMembers.createdAt,
    })
    .from(authMembers)
    .innerJoin(authUsers, eq(authUsers.id, authMembers.userId))
    .where(eq(authMembers.organizationId, merchantId))
    .orderBy(asc(authMembers.createdAt), asc(authMembers.id));
  if (!TEAM_MANAGERS.includes(ctx.role)) return { members, invitations: null };
  const invitations = await db
    .select({
      id: authInvitations.id,
      email: authInvitations.email,
      role: authInvitations.role,
      expiresAt: authInvitations.expiresAt,
      invitedBy: authUsers.name,
    })
    .from(authInvitations)
    .innerJoin(authUsers, eq(authUsers.id, authInvitations.inviterId))
    .where(
      and(
        eq(authInvitations.organizationId, merchantId),
        eq(authInvitations.status, 'pending'),
        gt(authInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(authInvitations.createdAt));
  return { members, invitations };
}

/** The owners' rows, locked: two owners demoting each other at once cannot leave the business without one. */
async function lockedOwners(db: Db, merchantId: string) {
  return db
    .select({ id: authMembers.id })
    .from(authMembers)
    .where(and(eq(authMembers.organizationId, merchantId), eq(authMembers.role, 'owner')))
    .for('update');
}

async function memberOfMerchant(db: Db, merchantId: string, memberId: string) {
  const [member] = await db
    .select({ id: authMembers.id, userId: authMembers.userId, role: authMembers.role, email: authUsers.email })
    .from(authMembers)
    .innerJoin(authUsers, eq(authUsers.id, authMembers.userId))
    .where(and(eq(authMembers.id, memberId), eq(authMembers.organizationId, merchantId)));
  if (!member) throw notFound('Member');
  return member;
}

async function keepOneOwner(db: Db, merchantId: string, leaving: { role: MemberRole }): Promise<void> {
  if (leaving.role !== 'owner') return;
  const owners = await lockedOwners(db, merchantId);
  if (owners.length <= 1) throw forbidden('A business keeps at least one owner: make someone else owner first');
}

/** An invitation (48 hours) and its email, in the caller's transaction; an earlier one to the same address ends. */
export async function invite(ctx: MemberCtx, input: InviteInput) {
  mayTouch(ctx.role, null, input.role);
  const merchantId = ctx.merchant.id;
  await enforceRateLimit(ctx.db, `invitations:${merchantId}`, INVITATIONS_PER_HOUR, 3600);
  const [already] = await ctx.db
    .select({ id: authMembers.id })
    .from(authMembers)
    .innerJoin(authUsers, eq(authUsers.id, authMembers.userId))
    .where(and(eq(authMembers.organizationId, merchantId), eq(sql`lower(${authUsers.email})`, input.email)));
  if (already) throw invalidField('email', 'is already a member of this business');
  await ctx.db
    .update(authInvitations)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(authInvitations.organizationId, merchantId),
        eq(sql`lower(${authInvitations.email})`, input.email),
        eq(authInvitations.status, 'pending'),
      ),
    );
  const secret = crypto.randomBytes(32).toString('base64url');
  const [invitation] = await ctx.db
    .insert(authInvitations)
    .values({
      tokenHash: hashInvitationSecret(secret),
      organizationId: merchantId,
      email: input.email,
      role: input.role,
      status: 'pending',
      expiresAt: sql`now() + make_interval(hours => ${INVITATION_HOURS})`,
      inviterId: ctx.person.user.id,
    })
    .returning({ id: authInvitations.id, expiresAt: authInvitations.expiresAt });
  await queueMail(
    ctx.db,
    invitationMail(input.email, {
      url: invitationUrl(secret),
      role: input.role,
      merchant: ctx.merchant.name,
      by: ctx.person.user.name,
    }),
  );
  return { id: invitation!.id, email: input.email, role: input.role, expires_at: invitation!.expiresAt.toISOString() };
}

export async function changeRole(ctx: MemberCtx, input: z.infer<typeof changeRoleInput>) {
  const member = await memberOfMerchant(ctx.db, ctx.merchant.id, input.member_id);
  mayTouch(ctx.role, member.role, input.role);
  if (input.role !== 'owner') await keepOneOwner(ctx.db, ctx.merchant.id, member);
  await ctx.db.update(authMembers).set({ role: input.role }).where(eq(authMembers.id, member.id));
  // A smaller role keeps no key stronger than itself.
  const revoked = await revokeKeysOf(ctx.db, {
    merchantId: ctx.merchant.id,
    userId: member.userId,
    revokedBy: ctx.person.user.id,
    beyond: ROLE_GRANTS[input.role],
  });
  return { id: member.id, email: member.email, from: member.role, to: input.role, revoked_keys: revoked };
}

export async function removeMember(ctx: MemberCtx, input: z.infer<typeof memberIdInput>) {
  const member = await memberOfMerchant(ctx.db, ctx.merchant.id, input.member_id);
  mayTouch(ctx.role, member.role);
  await keepOneOwner(ctx.db, ctx.merchant.id, member);
  await ctx.db.delete(authMembers).where(eq(authMembers.id, member.id));
  // The keys they made (and the keys those keys made) stop working with them.
  const revoked = await revokeKeysOf(ctx.db, {
    merchantId: ctx.merchant.id,
    userId: member.userId,
    revokedBy: ctx.person.user.id,
  });
  // Their sessions stop acting for this business (they fall back to another one they belong to).
  await ctx.db
    .update(authSessions)
    .set({ activeOrganizationId: null })
    .where(and(eq(authSessions.userId, member.userId), eq(authSessions.activeOrganizationId, ctx.merchant.id)));
  return { id: member.id, email: member.email, role: member.role, revoked_keys: revoked };
}

export async function cancelInvitation(ctx: MemberCtx, input: z.infer<typeof invitationIdInput>) {
  const [invitation] = await ctx.db
    .select({ id: authInvitations.id, email: authInvitations.email, role: authInvitations.role })
    .from(authInvitations)
    .where(
      and(
        eq(authInvitations.id, input.invitation_id),
        eq(authInvitations.organizationId, ctx.merchant.id),
        eq(authInvitations.status, 'pending'),
      ),
    );
  if (!invitation) throw notFound('Invitation');
  mayTouch(ctx.role, invitation.role);
  await ctx.db.update(authInvitations).set({ status: 'canceled' }).where(eq(authInvitations.id, invitation.id));
  return invitation;
}
