import type { ApiKeyPermission, ApiKeyScope } from '../platform/db/schema';
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
