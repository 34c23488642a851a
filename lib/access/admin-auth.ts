import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { config } from '../platform/config';
import type { Db } from '../platform/db/client';
import { adminKeys, authUsers } from '../platform/db/schema';
import { unauthorized } from '../platform/http/errors';
import { hashApiKey, isWellFormedAdminKey } from './api-key-format';
import type { Actor } from './audit';
import { sameSecret } from './same-secret';

/**
 * Who calls the operator API: an operator by their own admin key (`Bearer ak_…`, made in the
 * console with a fresh second factor), or, on a deployment that has no operator key yet, the
 * bootstrap `ADMIN_API_TOKEN`. An admin key works only while its operator is still an operator with
 * a verified email and two-factor; the bootstrap token stops working once any admin key exists.
 */
export interface AuthenticatedOperator {
  /** Recorded on approvals (`approved_by_admin_id`): the operator's user id, or one derived from the token. */
  adminId: string;
  actor: Omit<Actor, 'address' | 'userAgent'>;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** last_used_at is written at most once a minute per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateOperator(db: Db, header: string | null): Promise<AuthenticatedOperator> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthorized('Missing operator bearer token', 'missing_admin_token');
  const given = match[1];
  if (given.startsWith('ak_')) return byAdminKey(db, given);
  return byBootstrapToken(db, given);
}

async function byAdminKey(db: Db, given: string): Promise<AuthenticatedOperator> {
  if (!isWellFormedAdminKey(given)) throw unauthorized('Malformed admin key', 'invalid_admin_token');
  const [row] = await db
    .select({
      id: adminKeys.id,
      prefix: adminKeys.keyPrefix,
      lastUsedAt: adminKeys.lastUsedAt,
      userId: authUsers.id,
      email: authUsers.email,
    })
    .from(adminKeys)
    .innerJoin(authUsers, eq(authUsers.id, adminKeys.userId))
    .where(
      and(
        eq(adminKeys.keyHash, hashApiKey(given)),
        isNull(adminKeys.revokedAt),
        // An operator who lost the role, or never proved their email or set up two-factor, has no key that works.
        eq(authUsers.operator, true),
        eq(authUsers.emailVerified, true),
        eq(authUsers.twoFactorEnabled, true),
      ),
    );
  if (!row) throw unauthorized('Unknown or revoked admin key', 'invalid_admin_token');
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(adminKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(adminKeys.id, row.id));
  }
  return {
    adminId: row.userId,
    actor: { type: 'admin_key', userId: row.userId, email: row.email, adminKeyId: row.id },
  };
}

async function byBootstrapToken(db: Db, given: string): Promise<AuthenticatedOperator> {
  const token = config().ADMIN_API_TOKEN;
  if (!token || !sameSecret(given, token)) {
    throw unauthorized('Invalid operator token', 'invalid_admin_token');
  }
  const [anyKey] = await db.select({ id: adminKeys.id }).from(adminKeys).where(isNull(adminKeys.revokedAt)).limit(1);
  if (anyKey) {
    throw unauthorized(
      'ADMIN_API_TOKEN only bootstraps a deployment with no operator key: use your own admin key (Console → Admin keys)',
      'admin_token_retired',
    );
  }
  return { adminId: uuidFromDigest(digest(token)), actor: { type: 'bootstrap_token', userId: null, email: null } };
}

/** A UUID (v8 layout) derived from the token's hash: the same token always acts as the same admin. */
function uuidFromDigest(hash: Buffer): string {
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
