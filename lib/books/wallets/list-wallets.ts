import { asc, eq } from 'drizzle-orm';
import { currencies, wallets, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { presentWallet } from './present';

export async function listWallets(db: Db, tenant: Tenant, audience: 'merchant' | 'operator' = 'merchant') {
  const rows = await db
    .select({ wallet: wallets, code: currencies.code })
    .from(wallets)
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .where(eq(wallets.tenantId, tenant.id))
    .orderBy(asc(currencies.code));
  return rows.map((r) => presentWallet(r.wallet, r.code, audience));
}
