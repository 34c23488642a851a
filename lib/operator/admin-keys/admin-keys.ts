import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { adminKeys, authUsers } from '../../platform/db/schema';
import { conflict, notFound } from '../../platform/http/errors';
import { displayName } from '../../platform/http/display-name';
import { generateAdminKey } from '../../access/api-key-format';
import { formatTimestamp } from '../../platform/time';

/**
 * Operators' own credentials for the operator API (lib/access/admin-auth.ts reads them): each made
 * by an operator for themselves in the console, after a fresh second factor, its secret shown once
 * and stored only as SHA-256; listed for every operator to see (who holds which key, when it was
 * last used) and revocable by any of them. Once one exists, the bootstrap ADMIN_API_TOKEN stops working.
 */
export const createAdminKeyInput = z.strictObject({ name: displayName(60) });
export const adminKeyIdInput = z.strictObject({ key_id: z.uuid({ error: 'must be a UUID' }) });

export async function createAdminKey(db: Db, args: { userId: string; name: string }) {
  const generated = generateAdminKey();
  const [row] = await db
    .insert(adminKeys)
    .values({ userId: args.userId, name: args.name, keyHash: generated.hash, keyPrefix: generated.prefix })
    .returning();
  return { id: row!.id, name: row!.name, key_prefix: row!.keyPrefix, secret: generated.secret };
}

export async function listAdminKeys(db: Db) {
  const rows = await db
    .select({ key: adminKeys, email: authUsers.email })
    .from(adminKeys)
    .innerJoin(authUsers, eq(authUsers.id, adminKeys.userId))
    .orderBy(desc(adminKeys.createdAt), desc(adminKeys.id))
    .limit(500);
  return rows.map(({ key: k, email }) => ({
    id: k.id,
    name: k.name,
    key_prefix: k.keyPrefix,
    operator_email: email,
    created_at: formatTimestamp(k.createdAt)!,
    last_used_at: formatTimestamp(k.lastUsedAt),
    revoked_at: formatTimestamp(k.revokedAt),
  }));
}

export async function revokeAdminKey(db: Db, args: { keyId: string; revokedBy: string }) {
  const [row] = await db
    .update(adminKeys)
    .set({ revokedAt: sql`now()`, revokedBy: args.revokedBy })
    .where(and(eq(adminKeys.id, args.keyId), isNull(adminKeys.revokedAt)))
    .returning({ id: adminKeys.id, name: adminKeys.name, prefix: adminKeys.keyPrefix });
  if (row) return { id: row.id, name: row.name, key_prefix: row.prefix };
  const [existing] = await db.select({ id: adminKeys.id }).from(adminKeys).where(eq(adminKeys.id, args.keyId));
  if (!existing) throw notFound('Admin key');
  throw conflict('api_key_already_revoked', 'This admin key is already revoked');
}
