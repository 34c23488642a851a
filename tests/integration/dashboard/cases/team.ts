import crypto from 'node:crypto';
import type { MemberRole } from '../../../../lib/platform/vocabulary';
import { testSql } from '../../../support/database';
import type { ActionCase, World } from './world';

/**
 * The team's actions act on people and invitations: each case makes a fresh one (a person put in the
 * merchant's team by SQL, an invitation row), so every run has something to change or remove.
 */
const sql = testSql();

export async function aMember(merchantId: string, role: MemberRole): Promise<string> {
  const email = `teammate-${crypto.randomUUID()}@shop.test`;
  const [user] = await sql<
    { id: string }[]
  >`insert into auth_users (name, email) values ('Teammate', ${email}) returning id`;
  const [member] = await sql<{ id: string }[]>`
    insert into auth_members (organization_id, user_id, role) values (${merchantId}, ${user!.id}, ${role})
    returning id`;
  return member!.id;
}

export async function anInvitation(world: World, merchantId: string, role: MemberRole = 'viewer'): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into auth_invitations (organization_id, email, role, status, expires_at, inviter_id)
    values (${merchantId}, ${`invited-${crypto.randomUUID()}@shop.test`}, ${role}, 'pending',
            now() + interval '48 hours', ${world.team.owner.userId})
    returning id`;
  return row!.id;
}

/** Another session of the merchant's owner (as if signed in on a second device). */
async function anotherOwnerSession(world: World): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into auth_sessions (token, user_id, expires_at, ip_address, user_agent)
    values (${crypto.randomUUID()}, ${world.team.owner.userId}, now() + interval '1 day', '10.9.9.9', 'Second phone')
    returning id`;
  return row!.id;
}

export const TEAM_CASES = {
  inviteMember: {
    valid: () => ({ email: `new-${crypto.randomUUID()}@shop.test`, role: 'viewer' }),
    foreign: null,
  },
  changeMemberRole: {
    valid: async ({ merchant }) => ({ member_id: await aMember(merchant.id, 'viewer'), role: 'developer' }),
    foreign: async ({ other }) => ({ member_id: await aMember(other.id, 'viewer'), role: 'developer' }),
  },
  removeTeamMember: {
    valid: async ({ merchant }) => ({ member_id: await aMember(merchant.id, 'developer') }),
    foreign: async ({ other }) => ({ member_id: await aMember(other.id, 'developer') }),
  },
  cancelTeamInvitation: {
    valid: async (world) => ({ invitation_id: await anInvitation(world, world.merchant.id) }),
    foreign: async (world) => ({ invitation_id: await anInvitation(world, world.other.id) }),
  },
  // A session id that is not the person's ends nothing (and says so), rather than telling whose it is.
  revokeOwnSession: {
    valid: async (world) => ({ session_id: await anotherOwnerSession(world) }),
    foreign: null,
  },
  signOutOtherSessions: { valid: () => ({}), foreign: null },
} satisfies Record<string, ActionCase>;
