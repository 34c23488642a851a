import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/http/errors';
import { presentApiKey } from './present';
import { forgetCachedKeys } from '../../access/merchant-auth';
import { assertKeyWithin, keyWithin, type KeyGrant } from '../../access/permissions';

/**
 * Revocation is immediate: the next request with that key gets a 401. A key cannot be revoked twice,
 * nor by someone whose grant it exceeds (a developer does not revoke the owner's FULL_ACCESS key).
 */
export async function revokeApiKey(
  db: Db,
  args: { tenant: Tenant; keyId: string; revokedBy: string; grant: KeyGrant },
) {
  const mine = and(eq(apiKeys.id, args.keyId), eq(apiKeys.tenantId, args.tenant.id), isNull(apiKeys.deletedAt));
  const [existing] = await db
    .select({ id: apiKeys.id, status: apiKeys.status, scope: apiKeys.scope, permissions: apiKeys.permissions })
    .from(apiKeys)
    .where(mine)
    .for('update');
  if (!existing) throw notFound('API key');
  assertKeyWithin(existing, args.grant);
  if (existing.status !== 'active') throw conflict('api_key_already_revoked', 'This API key is already revoked');
  const [row] = await db
    .update(apiKeys)
    .set({ status: 'revoked', revokedAt: sql`now()`, revokedBy: args.revokedBy, updatedAt: sql`now()` })
    .where(mine)
    .returning();
  forgetCachedKeys(args.tenant.merchantId);
  return presentApiKey(row!);
}

/**
 * Revokes, in every mode of a merchant, the active keys a person is answerable for: all of them when
 * they leave the team, or those beyond `grant` when their role shrinks. Answers what it revoked
 * (for the audit line).
 */
export async function revokeKeysOf(
  db: Db,
  args: { merchantId: string; userId: string; revokedBy: string; beyond?: KeyGrant },
): Promise<{ id: string; key_prefix: string }[]> {
  const held = await db
    .select({ id: apiKeys.id, prefix: apiKeys.keyPrefix, scope: apiKeys.scope, permissions: apiKeys.permissions })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.merchantId, args.merchantId),
        eq(apiKeys.creatorUserId, args.userId),
        eq(apiKeys.status, 'active'),
        isNull(apiKeys.deletedAt),
      ),
    )
    .for('update');
  const revoking = held.filter((key) => !args.beyond || !keyWithin(key, args.beyond));
  for (const key of revoking) {
    await db
      .update(apiKeys)
      .set({ status: 'revoked', revokedAt: sql`now()`, revokedBy: args.revokedBy, updatedAt: sql`now()` })
      .where(eq(apiKeys.id, key.id));
  }
  if (revoking.length) forgetCachedKeys(args.merchantId);
  return revoking.map((key) => ({ id: key.id, key_prefix: key.prefix }));
}
