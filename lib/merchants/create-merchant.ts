import { z } from 'zod';
import { merchants, KYB_STATUSES } from '../db/schema';
import type { Db } from '../db/client';
import { createApiKey } from '../api-keys/create-api-key';
import { listWallets } from '../wallets/list-wallets';
import { openWallets } from '../wallets/open-wallets';
import { presentMerchant } from './present';

export const createMerchantInput = z.strictObject({
  name: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(200),
  email: z.email({ error: 'must be an email address' }).max(254),
  kyb_status: z.enum(KYB_STATUSES).default('unverified'),
});
export type CreateMerchantInput = z.output<typeof createMerchantInput>;

/**
 * Onboards a merchant in one transaction: the merchant, a wallet per currency, and a first API key
 * whose secret appears only in this result.
 */
export async function createMerchant(db: Db, args: { input: CreateMerchantInput; createdBy: string | null }) {
  return db.transaction(async (tx) => {
    const [merchant] = await tx
      .insert(merchants)
      .values({ name: args.input.name, email: args.input.email, kybStatus: args.input.kyb_status })
      .returning();
    await openWallets(tx, merchant!.id);
    const apiKey = await createApiKey(tx, {
      merchantId: merchant!.id,
      createdBy: args.createdBy ?? merchant!.id,
      input: { name: 'Default key', scope: 'FULL_ACCESS' },
    });
    return { merchant: presentMerchant(merchant!), wallets: await listWallets(tx, merchant!.id), api_key: apiKey };
  });
}
