import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/http/errors';
import { presentApiKey } from './present';
import { forgetCachedKeys } from '../../access/merchant-auth';

/** Revocation is immediate: the next request with that key gets a 401. A key cannot be revoked twice. */
export async function revokeApiKey(db: Db, args: { tenant: Tenant; keyId: string; revokedBy: string }) {
  const mine = and(eq(apiKeys.id, args.keyId), eq(apiKeys.tenantId, args.tenant.id), isNull(apiKeys.deletedAt));
  const [row] = await db
    .update(apiKeys)
    .set({ status: 'revoked', revokedAt: sql`now()`, revokedBy: args.revokedBy, updatedAt: sql`now()` })
    .where(and(mine, eq(apiKeys.status, 'active')))
    .returning();
  if (row) {
    forgetCachedKeys(args.tenant.merchantId);
    return presentApiKey(row);
  }
  const [existing] = await db.select({ id: apiKeys.id }).from(apiKeys).where(mine);
  if (!existing) throw notFound('API key');
  throw conflict('api_key_already_revoked', 'This API key is already revoked');
}
