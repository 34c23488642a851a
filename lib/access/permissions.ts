import { API_KEY_PERMISSIONS, type ApiKeyPermission, type ApiKeyScope } from '../platform/vocabulary';
import { forbidden } from '../platform/http/errors';
import type { Requirement } from '../platform/http/operation';

/**
 * What an endpoint needs from a key (the operation's `Requirement`). FULL_ACCESS keys may do
 * everything; a RESTRICTED key may call an endpoint when it holds any one of the listed permissions.
 * `full_access` endpoints (managing keys) are refused to restricted keys outright, so a restricted key
 * can never mint a stronger one.
 */
export type { Requirement };

export const needs = {
  read: { anyOf: ['read'] },
  write: { anyOf: ['write'] },
  /** Checkout endpoints: reading also works with `read`. */
  checkoutRead: { anyOf: ['checkout', 'read'] },
  checkoutWrite: { anyOf: ['checkout'] },
  webhookRead: { anyOf: ['webhook', 'read'] },
  webhookWrite: { anyOf: ['webhook'] },
  fullAccess: 'full_access',
} as const satisfies Record<string, Requirement>;

export function assertPermitted(
  key: { scope: ApiKeyScope; permissions: readonly ApiKeyPermission[] },
  requirement: Requirement,
): void {
  if (key.scope === 'FULL_ACCESS') return;
  if (requirement === 'full_access') {
    throw forbidden('This endpoint needs a FULL_ACCESS API key', 'insufficient_permissions');
  }
  if (!requirement.anyOf.some((p) => key.permissions.includes(p))) {
    throw forbidden(
      `This API key lacks the permission this endpoint needs (${requirement.anyOf.join(' or ')})`,
      'insufficient_permissions',
    );
  }
}

/** What a caller may hand on to a key it makes: everything (FULL_ACCESS), or these permissions. */
export interface KeyGrant {
  fullAccess: boolean;
  permissions: readonly ApiKeyPermission[];
}

/** Everything: an owner, an admin, a FULL_ACCESS key, the operator. */
export const FULL_GRANT: KeyGrant = { fullAccess: true, permissions: API_KEY_PERMISSIONS };

/** What a key itself holds, as a grant: a FULL_ACCESS key may make any key. */
export const grantOfKey = (key: { scope: ApiKeyScope; permissions: readonly ApiKeyPermission[] }): KeyGrant =>
  key.scope === 'FULL_ACCESS' ? FULL_GRANT : { fullAccess: false, permissions: key.permissions };

/** Whether a key (as asked for, or as it stands) is within a grant: nobody makes or revokes a key stronger than themselves. */
export function keyWithin(key: { scope: ApiKeyScope; permissions: readonly ApiKeyPermission[] }, grant: KeyGrant) {
  if (grant.fullAccess) return true;
  return key.scope === 'RESTRICTED' && key.permissions.every((p) => grant.permissions.includes(p));
}

export function assertKeyWithin(
  key: { scope: ApiKeyScope; permissions: readonly ApiKeyPermission[] },
  grant: KeyGrant,
): void {
  if (keyWithin(key, grant)) return;
  throw forbidden(
    `Your role can only manage RESTRICTED keys with ${grant.permissions.join(', ')}`,
    'insufficient_permissions',
  );
}
