import crypto from 'node:crypto';
import { config } from '../platform/config';
import { unauthorized } from '../platform/http/errors';

export interface AuthenticatedOperator {
  /** Stable id of the operator credential, recorded on approvals (`approved_by_admin_id`). */
  adminId: string;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** `Authorization: Bearer <ADMIN_API_TOKEN>`, compared in constant time. */
export function authenticateOperator(header: string | null): AuthenticatedOperator {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthorized('Missing operator bearer token', 'missing_admin_token');
  const expected = digest(config().ADMIN_API_TOKEN);
  if (!crypto.timingSafeEqual(digest(match[1]), expected)) {
    throw unauthorized('Invalid operator token', 'invalid_admin_token');
  }
  return { adminId: uuidFromDigest(expected) };
}

/** A UUID (v8 layout) derived from the token's hash: the same token always acts as the same admin. */
function uuidFromDigest(hash: Buffer): string {
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
