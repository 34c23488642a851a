import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

/** One zero-balance wallet per known currency; safe to call again (existing wallets stay). */
export async function openWallets(db: Db, merchantId: string): Promise<void> {
  await db.execute(sql`
    insert into wallets (merchant_id, currency_id)
    select ${merchantId}, id from currencies
    on conflict (merchant_id, currency_id) do nothing`);
}
