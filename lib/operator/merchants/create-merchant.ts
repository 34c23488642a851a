import { merchants } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { createApiKey } from '../../merchants/api-keys/create-api-key';
import { listWallets } from '../../books/wallets/list-wallets';
import { openTenant } from './tenants';
import { presentMerchant } from './present';
import type { CreateMerchantInput } from './input';
import type { CreatedMerchant } from './contract';

/** The CLI (scripts/merchant-create.ts) validates with the same schema. */
export { createMerchantInput, type CreateMerchantInput } from './input';

/**
 * Onboards a merchant in one transaction: the merchant, its test tenant with a wallet per currency,
 * and a first (test) API key whose secret appears only in this result. Live mode comes later, from
 * the operator (tenants.ts).
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
    const tenant = await openTenant(tx, merchant!.id, 'test');
    const apiKey = await createApiKey(tx, {
      tenant,
      createdBy: args.createdBy ?? merchant!.id,
      input: { name: 'Default key', scope: 'FULL_ACCESS' },
    });
    return { merchant: presentMerchant(merchant!), wallets: await listWallets(tx, tenant), api_key: apiKey };
  });
}
