import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { merchants, KYB_STATUSES } from '../db/schema';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { listWallets } from '../wallets/list-wallets';
import { presentMerchant } from './present';

export const updateMerchantInput = z
  .strictObject({
    name: z.string().trim().min(1, 'must not be empty').max(200).optional(),
    kyb_status: z.enum(KYB_STATUSES).optional(),
  })
  .refine((v) => v.name !== undefined || v.kyb_status !== undefined, {
    path: ['body'],
    message: 'give at least one of name, kyb_status',
  });

export async function getMerchant(db: Db, merchantId: string) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw notFound('Merchant');
  return { ...presentMerchant(merchant), wallets: await listWallets(db, merchantId) };
}

export async function updateMerchant(db: Db, merchantId: string, input: z.output<typeof updateMerchantInput>) {
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
