import { and, eq, sql } from 'drizzle-orm';
import { merchants, tenants, type Tenant } from '../../platform/db/schema';
import { type Mode } from '../../platform/vocabulary';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/http/errors';
import { openWallets } from '../../books/wallets/open-wallets';
import { forgetCachedKeys } from '../../access/merchant-auth';

/**
 * The operator's handle on a merchant's two sides. A merchant starts with its test tenant; the live
 * tenant is created the first time the operator enables live mode, which only a KYB-verified merchant
 * may have. Disabling keeps the live tenant and its money, and refuses its keys (403).
 */
export async function findTenant(db: Db, merchantId: string, mode: Mode): Promise<Tenant> {
  const [row] = await db
    .select({ id: tenants.id, merchantId: tenants.merchantId, mode: tenants.mode })
    .from(tenants)
    .where(and(eq(tenants.merchantId, merchantId), eq(tenants.mode, mode)));
  if (!row) throw notFound(mode === 'live' ? 'Live mode of this merchant (never enabled)' : 'Merchant');
  return row;
}

/** A tenant with a zero-balance wallet in every currency; the caller's transaction. */
export async function openTenant(db: Db, merchantId: string, mode: Mode): Promise<Tenant> {
  const [created] = await db
    .insert(tenants)
    .values({ merchantId, mode })
    .onConflictDoNothing()
    .returning({ id: tenants.id, merchantId: tenants.merchantId, mode: tenants.mode });
  const tenant = created ?? (await findTenant(db, merchantId, mode));
  await openWallets(db, tenant);
  return tenant;
}

/** Live mode on (KYB verified only) or off; the merchant row is locked so a KYB change cannot interleave. */
export async function setLiveMode(db: Db, merchantId: string, enabled: boolean): Promise<void> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
  if (!merchant) throw notFound('Merchant');
  forgetCachedKeys(merchantId);
  if (!enabled) {
    await db
      .update(merchants)
      .set({ liveEnabledAt: null, updatedAt: sql`now()` })
      .where(eq(merchants.id, merchantId));
    return;
  }
  if (merchant.kybStatus !== 'verified') {
    throw conflict(
      'kyb_not_verified',
      `Live mode needs a verified business; this merchant's KYB is ${merchant.kybStatus}`,
    );
  }
  await openTenant(db, merchantId, 'live');
  if (!merchant.liveEnabledAt) {
    await db
      .update(merchants)
      .set({ liveEnabledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(merchants.id, merchantId));
  }
}
