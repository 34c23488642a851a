import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, ownerAc } from 'better-auth/plugins/organization/access';
import { API_KEY_PERMISSIONS, type ApiKeyPermission, type MemberRole } from '../../platform/vocabulary';
import type { KeyGrant, Requirement } from '../permissions';

/**
 * What each role of a merchant's team may do, in one table: the API's permissions the role holds
 * (the dashboard's actions are the API's operations, so a role is described as a key would be),
 * whether it holds what a FULL_ACCESS key holds, whether it manages API keys (only keys within its
 * own grant: lib/access/permissions.ts `keyWithin`), and whether it needs two-factor before any page.
 * What only people do (the team, the audit log) is named by role where it is used.
 */
export interface RoleGrant extends KeyGrant {
  manageKeys: boolean;
  twoFactor: boolean;
}

export const ROLE_GRANTS: Record<MemberRole, RoleGrant> = {
  owner: { fullAccess: true, permissions: API_KEY_PERMISSIONS, manageKeys: true, twoFactor: true },
  admin: { fullAccess: true, permissions: API_KEY_PERMISSIONS, manageKeys: true, twoFactor: true },
  // Builds the integration (checkouts, webhooks, keys for them) but moves no money.
  developer: { fullAccess: false, permissions: ['read', 'checkout', 'webhook'], manageKeys: true, twoFactor: false },
  viewer: { fullAccess: false, permissions: ['read'], manageKeys: false, twoFactor: false },
};

/** Whether a role may call an operation needing `requirement` (the API's rule for keys, applied to people). */
export function roleMay(role: MemberRole, requirement: Requirement): boolean {
  const grant = ROLE_GRANTS[role];
  if (grant.fullAccess) return true;
  // The only FULL_ACCESS operations manage API keys; the key verbs hold each key to the grant.
  if (requirement === 'full_access') return grant.manageKeys;
  return requirement.anyOf.some((p: ApiKeyPermission) => grant.permissions.includes(p));
}

/** Roles who must have two-factor before any page opens: the ones who can move money. */
export const TWO_FACTOR_REQUIRED: readonly MemberRole[] = (Object.keys(ROLE_GRANTS) as MemberRole[]).filter(
  (role) => ROLE_GRANTS[role].twoFactor,
);

/** better-auth's access control, for its own team endpoints (closed over HTTP: lib/access/people/auth.ts). */
const statement = { ...defaultStatements } as const;
export const accessControl = createAccessControl(statement);
export const teamRoles = {
  owner: accessControl.newRole({ ...ownerAc.statements }),
  admin: accessControl.newRole({ ...adminAc.statements }),
  developer: accessControl.newRole({ ac: ['read'] }),
  viewer: accessControl.newRole({ ac: ['read'] }),
};
