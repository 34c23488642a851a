import { authMembers, authOrganizations, merchants } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { createApiKey } from '../../merchants/api-keys/create-api-key';
import { FULL_GRANT } from '../../access/permissions';
import { listWallets } from '../../books/wallets/list-wallets';
import { openTenant } from './tenants';
import { presentMerchant } from './present';
import type { CreateMerchantInput } from './input';
import type { CreatedMerchant } from './contract';

/** The CLI (scripts/merchant-create.ts) validates with the same schema. */
export { createMerchantInput, type CreateMerchantInput } from './input';

/**
 * Onboards a merchant in one transaction: the merchant, its team (the dashboard's organization, with
 * the merchant's own id), its test tenant with a wallet per currency, and a first (test) API key whose
 * secret appears only in this result. Live mode comes later, from the operator (tenants.ts).
 */
export async function createMerchant(
  db: Db,
  args: { input: CreateMerchantInput; createdBy: string | null },
): Promise<CreatedMerchant> {
  return db.transaction(async (tx) => {
    const { merchant, tenant } = await openMerchant(tx, args.input);
    const apiKey = await createApiKey(tx, {
      tenant,
      maker: { createdBy: args.createdBy ?? merchant.id, creatorUserId: null, grant: FULL_GRANT },
      input: { name: 'Default key', scope: 'FULL_ACCESS' },
    });
    return { merchant: presentMerchant(merchant), wallets: await listWallets(tx, tenant), api_key: apiKey };
  });
}

/**
 * A business opened by a person signing up on the dashboard: KYB not yet verified, the person its
 * owner, no API key until they make one (they see it once, in Developers).
 */
export async function createOwnMerchant(db: Db, args: { userId: string; name: string; email: string }) {
  return db.transaction(async (tx) => {
    const { merchant } = await openMerchant(tx, { name: args.name, email: args.email, kyb_status: 'unverified' });
    await tx.insert(authMembers).values({ organizationId: merchant.id, userId: args.userId, role: 'owner' });
    return merchant;
  });
}

async function openMerchant(tx: Db, input: CreateMerchantInput) {
  const [merchant] = await tx
    .insert(merchants)
    .values({ name: input.name, email: input.email, kybStatus: input.kyb_status })
    .returning();
  await tx.insert(authOrganizations).values({ id: merchant!.id, name: merchant!.name, slug: merchant!.id });
  const tenant = await openTenant(tx, merchant!.id, 'test');
  return { merchant: merchant!, tenant };
}
