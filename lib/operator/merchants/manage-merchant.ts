import { eq, sql } from 'drizzle-orm';
import { authOrganizations, merchants } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { listWallets } from '../../books/wallets/list-wallets';
import { presentMerchant } from './present';
import type { UpdateMerchantInput } from './input';
import type { Merchant, MerchantWithWallets } from './contract';
import { findTenant, setLiveMode } from './tenants';
import { forgetCachedKeys } from '../../access/merchant-auth';

export async function getMerchant(db: Db, merchantId: string): Promise<MerchantWithWallets> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw notFound('Merchant');
  const test = await findTenant(db, merchantId, 'test');
  const live = await findTenant(db, merchantId, 'live').catch(() => null);
  return {
    ...presentMerchant(merchant),
    wallets: await listWallets(db, test),
    live_wallets: live ? await listWallets(db, live) : null,
  };
}

/** A KYB status other than verified switches live mode off in the same transaction. */
export async function updateMerchant(db: Db, merchantId: string, input: UpdateMerchantInput): Promise<Merchant> {
  return db.transaction(async (tx) => {
    const [merchant] = await tx
      .update(merchants)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.kyb_status !== undefined ? { kybStatus: input.kyb_status } : {}),
        ...(input.kyb_status !== undefined && input.kyb_status !== 'verified' ? { liveEnabledAt: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(merchants.id, merchantId))
      .returning();
    if (!merchant) throw notFound('Merchant');
    // Its keys carry its name, KYB and live mode: this instance reads them again at once.
    forgetCachedKeys(merchantId);
    if (input.name !== undefined) {
      // The team's name (in invitation emails) is the merchant's.
      await tx.update(authOrganizations).set({ name: input.name }).where(eq(authOrganizations.id, merchantId));
    }
    if (input.live_enabled === undefined) return presentMerchant(merchant);
    await setLiveMode(tx, merchantId, input.live_enabled);
    const [updated] = await tx.select().from(merchants).where(eq(merchants.id, merchantId));
    return presentMerchant(updated!);
  });
}
