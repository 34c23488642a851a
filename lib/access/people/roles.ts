import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, ownerAc } from 'better-auth/plugins/organization/access';
import type { MemberRole } from '../../platform/db/schema';
import type { Requirement } from '../permissions';

/**
 * What each role of a merchant's team may do. The dashboard's actions are the API's operations, so a
 * role is described in the API's permissions (what a key would need) plus what only people do (the
 * team, the audit log). Owners and admins hold everything; developers build (keys, checkouts,
 * webhooks) but move no money; viewers read.
 */
export const ROLE_GRANTS: Record<MemberRole, { api: 'everything' | readonly ('read' | 'checkout' | 'webhook')[] }> = {
  owner: { api: 'everything' },
  admin: { api: 'everything' },
  developer: { api: ['read', 'checkout', 'webhook'] },
  viewer: { api: ['read'] },
};

/** Whether a role may call an operation needing `requirement` (the API's rule for keys, applied to people). */
export function roleMay(role: MemberRole, requirement: Requirement): boolean {
  const { api } = ROLE_GRANTS[role];
  if (api === 'everything') return true;
  // Managing API keys is a FULL_ACCESS operation; developers manage keys too.
  if (requirement === 'full_access') return role === 'developer';
  return requirement.anyOf.some((p) => (api as readonly string[]).includes(p));
}

/** Roles who must have two-factor before any page opens: the ones who can move money. */
export const TWO_FACTOR_REQUIRED: readonly MemberRole[] = ['owner', 'admin'];

/** better-auth's access control, for its own team endpoints (invite, change a role, remove). */
const statement = { ...defaultStatements } as const;
export const accessControl = createAccessControl(statement);
export const teamRoles = {
  owner: accessControl.newRole({ ...ownerAc.statements }),
  admin: accessControl.newRole({ ...adminAc.statements }),
  developer: accessControl.newRole({ ac: ['read'] }),
  viewer: accessControl.newRole({ ac: ['read'] }),
};
