import { eq, sql } from 'drizzle-orm';
import { merchants } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { listWallets } from '../../books/wallets/list-wallets';
import { presentMerchant } from './present';
import type { UpdateMerchantInput } from './input';
import type { Merchant, MerchantWithWallets } from './contract';

export async function getMerchant(db: Db, merchantId: string): Promise<MerchantWithWallets> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw notFound('Merchant');
  return { ...presentMerchant(merchant), wallets: await listWallets(db, merchantId) };
}

export async function updateMerchant(db: Db, merchantId: string, input: UpdateMerchantInput): Promise<Merchant> {
  const [merchant] = await db
    .update(merchants)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.kyb_status !== undefined ? { kybStatus: input.kyb_status } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(merchants.id, merchantId))
    .returning();
  if (!merchant) throw notFound('Merchant');
  return presentMerchant(merchant);
}
