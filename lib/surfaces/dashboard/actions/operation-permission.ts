import type { Operation } from '../../../platform/http/operation';
import type { Requirement } from '../../../access/permissions';

/** The permission an API operation needs of a key: a dashboard action doing the same needs it of a role. */
export function permissionOf(operation: Operation): Requirement {
  if (!operation.permission) throw new Error(`${operation.operationId} has no permission`);
  return operation.permission;
}
