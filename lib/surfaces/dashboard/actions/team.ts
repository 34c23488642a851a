import type { z } from 'zod';
import { MEMBER_ROLES } from '../../../platform/vocabulary';
import { validate } from '../../../platform/http/parse';
import type { DashboardAction } from '../perform';
import {
  cancelInvitation,
  changeRole,
  changeRoleInput,
  invitationIdInput,
  invite,
  inviteInput,
  memberIdInput,
  removeMember,
  TEAM_MANAGERS,
} from '../team/members';
import { revokeSession, sessionIdInput, signOutOthers } from '../team/sessions';

/**
 * The team (invite, change a role, remove, cancel an invitation): owners and admins, with the
 * owner rules inside the verbs. The person's own sessions: anyone, for themselves only.
 */
const MANAGERS = { roles: TEAM_MANAGERS } as const;
const EVERYONE = { roles: MEMBER_ROLES } as const;

const inviteMember = {
  name: 'invitation.create',
  allowed: MANAGERS,
  read: (form) => validate(inviteInput, form),
  run: invite,
  audit: (input, invitation) => ({ target: invitation.id, details: { email: input.email, role: input.role } }),
} satisfies DashboardAction<z.infer<typeof inviteInput>, Awaited<ReturnType<typeof invite>>>;

const changeMemberRole = {
  name: 'member.change_role',
  allowed: MANAGERS,
  read: (form) => validate(changeRoleInput, form),
  run: changeRole,
  audit: (input, change) => ({
    target: input.member_id,
    details: { email: change.email, from: change.from, to: change.to, revoked_keys: change.revoked_keys },
  }),
} satisfies DashboardAction<z.infer<typeof changeRoleInput>, Awaited<ReturnType<typeof changeRole>>>;

const removeTeamMember = {
  name: 'member.remove',
  allowed: MANAGERS,
  read: (form) => validate(memberIdInput, form),
  run: removeMember,
  audit: (input, removed) => ({
    target: input.member_id,
    details: { email: removed.email, role: removed.role, revoked_keys: removed.revoked_keys },
  }),
} satisfies DashboardAction<z.infer<typeof memberIdInput>, Awaited<ReturnType<typeof removeMember>>>;

const cancelTeamInvitation = {
  name: 'invitation.cancel',
  allowed: MANAGERS,
  read: (form) => validate(invitationIdInput, form),
  run: cancelInvitation,
  audit: (input, invitation) => ({
    target: input.invitation_id,
    details: { email: invitation.email, role: invitation.role },
  }),
} satisfies DashboardAction<z.infer<typeof invitationIdInput>, Awaited<ReturnType<typeof cancelInvitation>>>;

const revokeOwnSession = {
  name: 'session.revoke',
  allowed: EVERYONE,
  read: (form) => validate(sessionIdInput, form),
  run: revokeSession,
  audit: (input, result) => ({ target: input.session_id, details: { ended: result.ended } }),
} satisfies DashboardAction<z.infer<typeof sessionIdInput>, Awaited<ReturnType<typeof revokeSession>>>;

const signOutOtherSessions = {
  name: 'session.revoke_others',
  allowed: EVERYONE,
  read: () => ({}),
  run: (ctx) => signOutOthers(ctx),
  audit: (_input, result) => ({ target: null, details: { ended: result.ended } }),
} satisfies DashboardAction<object, Awaited<ReturnType<typeof signOutOthers>>>;

export const TEAM_ACTIONS = {
  inviteMember,
  changeMemberRole,
  removeTeamMember,
  cancelTeamInvitation,
  revokeOwnSession,
  signOutOtherSessions,
};
