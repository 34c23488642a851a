import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { presentApiKey } from './present';

export async function listApiKeys(db: Db, merchantId: string) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.merchantId, merchantId), isNull(apiKeys.deletedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => presentApiKey(row));
}
