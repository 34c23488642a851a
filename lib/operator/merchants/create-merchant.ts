import { merchants } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { createApiKey } from '../../merchants/api-keys/create-api-key';
import { listWallets } from '../../books/wallets/list-wallets';
import { openWallets } from '../../books/wallets/open-wallets';
import { presentMerchant } from './present';
import type { CreateMerchantInput } from './input';
import type { CreatedMerchant } from './contract';

/** The CLI (scripts/merchant-create.ts) validates with the same schema. */
export { createMerchantInput, type CreateMerchantInput } from './input';

/**
 * Onboards a merchant in one transaction: the merchant, a wallet per currency, and a first API key
 * whose secret appears only in this result.
 */
export async function createMerchant(
  db: Db,
  args: { input: CreateMerchantInput; createdBy: string | null },
): Promise<CreatedMerchant> {
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
