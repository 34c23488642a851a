import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Tenant } from '../../platform/db/schema';

/** One zero-balance wallet per known currency for the tenant; safe to call again (existing wallets stay). */
export async function openWallets(db: Db, tenant: Tenant): Promise<void> {
  await db.execute(sql`
    insert into wallets (merchant_id, tenant_id, currency_id)
    select ${tenant.merchantId}, ${tenant.id}, id from currencies
    on conflict (tenant_id, currency_id) do nothing`);
}
