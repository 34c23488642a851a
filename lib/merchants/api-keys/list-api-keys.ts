import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiKeys, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { presentApiKey } from './present';

export async function listApiKeys(db: Db, tenant: Tenant) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenant.id), isNull(apiKeys.deletedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => presentApiKey(row));
}
