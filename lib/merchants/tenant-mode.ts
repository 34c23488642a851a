import { eq } from 'drizzle-orm';
import { tenants } from '../platform/db/schema';
import { type Mode } from '../platform/vocabulary';
import type { Db } from '../platform/db/client';

/** Test or live: which rails, which page banner, which simulations a tenant's objects get. */
export async function modeOf(db: Db, tenantId: string): Promise<Mode> {
  const [row] = await db.select({ mode: tenants.mode }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw new Error(`No tenant ${tenantId}`);
  return row.mode;
}
