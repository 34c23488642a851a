import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { authMembers, authUsers, memberMailPreferences } from '../../platform/db/schema';
import { type MemberRole } from '../../platform/vocabulary';
import { isPeopleLocale, type PeopleLocale } from '../../platform/i18n/locale';

/** The money mails a member of the team can choose (docs/mail.md). */
export const TEAM_NOTICES = ['payment_received', 'payout_completed', 'payout_failed', 'action_needed'] as const;
export type TeamNotice = (typeof TEAM_NOTICES)[number];
export type NoticeChoices = Record<TeamNotice, boolean>;

/**
 * What a member gets until they choose: owners and admins hear of what needs them (a transfer to
 * approve, a payment to resolve, money out that failed), owners of every payment too, admins of
 * money out that arrived; developers and viewers get nothing unless they ask.
 */
export const DEFAULT_NOTICES: Record<MemberRole, NoticeChoices> = {
  owner: { payment_received: true, payout_completed: false, payout_failed: true, action_needed: true },
  admin: { payment_received: false, payout_completed: true, payout_failed: true, action_needed: true },
  developer: { payment_received: false, payout_completed: false, payout_failed: false, action_needed: false },
  viewer: { payment_received: false, payout_completed: false, payout_failed: false, action_needed: false },
};

const choicesOf = (row: typeof memberMailPreferences.$inferSelect): NoticeChoices => ({
  payment_received: row.paymentReceived,
  payout_completed: row.payoutCompleted,
  payout_failed: row.payoutFailed,
  action_needed: row.actionNeeded,
});

export interface TeamRecipient {
  email: string;
  locale: PeopleLocale;
}

/**
 * The members of a business who want `notice`: their own choice, else their role's default. Only
 * current members (a removed one has no membership row, so no mail) with a confirmed address.
 */
export async function teamRecipients(db: Db, merchantId: string, notice: TeamNotice): Promise<TeamRecipient[]> {
  const rows = await db
    .select({ email: authUsers.email, locale: authUsers.locale, role: authMembers.role, prefs: memberMailPreferences })
    .from(authMembers)
    .innerJoin(authUsers, eq(authUsers.id, authMembers.userId))
    .leftJoin(memberMailPreferences, eq(memberMailPreferences.memberId, authMembers.id))
    .where(and(eq(authMembers.organizationId, merchantId), eq(authUsers.emailVerified, true)));
  return rows
    .filter((r) => (r.prefs ? choicesOf(r.prefs) : DEFAULT_NOTICES[r.role])[notice])
    .map((r) => ({ email: r.email, locale: isPeopleLocale(r.locale) ? r.locale : 'en' }));
}

/** The membership of a person in a business (preferences are per business). */
async function membershipId(db: Db, userId: string, merchantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: authMembers.id })
    .from(authMembers)
    .where(and(eq(authMembers.userId, userId), eq(authMembers.organizationId, merchantId)));
  return row?.id;
}

/** A member's choices in one business, and whether they are still the role's defaults. */
export async function readNoticeChoices(
  db: Db,
  member: { userId: string; merchantId: string; role: MemberRole },
): Promise<{ choices: NoticeChoices; chosen: boolean }> {
  const id = await membershipId(db, member.userId, member.merchantId);
  const [row] = id ? await db.select().from(memberMailPreferences).where(eq(memberMailPreferences.memberId, id)) : [];
  return row ? { choices: choicesOf(row), chosen: true } : { choices: DEFAULT_NOTICES[member.role], chosen: false };
}

/** The settings form: a ticked box is sent as `on`, an unticked one not at all. */
const box = z
  .literal(['on', 'true'], { error: 'must be ticked or left out' })
  .optional()
  .transform((v) => v !== undefined);
export const noticeChoicesInput = z.strictObject({
  payment_received: box,
  payout_completed: box,
  payout_failed: box,
  action_needed: box,
});

/** Saves a member's choices for one business (their membership's row). */
export async function saveNoticeChoices(
  db: Db,
  member: { userId: string; merchantId: string },
  choices: NoticeChoices,
): Promise<NoticeChoices> {
  const id = await membershipId(db, member.userId, member.merchantId);
  if (!id) throw new Error('membership not found');
  const values = {
    paymentReceived: choices.payment_received,
    payoutCompleted: choices.payout_completed,
    payoutFailed: choices.payout_failed,
    actionNeeded: choices.action_needed,
  };
  await db
    .insert(memberMailPreferences)
    .values({ memberId: id, ...values })
    .onConflictDoUpdate({ target: memberMailPreferences.memberId, set: { ...values, updatedAt: new Date() } });
  return choices;
}
