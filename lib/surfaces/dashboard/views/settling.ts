import { eq } from 'drizzle-orm';
import { currencies, wallets, type Tenant } from '../../../platform/db/schema';
import type { Db } from '../../../platform/db/client';
import type { CurrencyCode } from '../../../platform/money/currencies';
import { settlingOf, type Settling } from '../../../books/ledger/available-on';

export interface WalletSettling {
  available: bigint;
  holding: bigint;
  /** The operator holds this wallet's settlement: nothing in holding moves until released. */
  onHold: boolean;
  /** When what is in holding becomes available, by UTC day, earliest first. */
  settling: Settling[];
}

/**
 * Each wallet of the mode that has money in holding, with when that money becomes available: what
 * the Wallets and Money out pages say beside the holding balance, and what "not enough money"
 * explains with.
 */
export async function settlingByCurrency(db: Db, tenant: Tenant) {
  const rows = await db
    .select({ wallet: wallets, code: currencies.code })
    .from(wallets)
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .where(eq(wallets.tenantId, tenant.id));
  const found: Partial<Record<CurrencyCode, WalletSettling>> = {};
  for (const { wallet, code } of rows) {
    const settling =
      wallet.holdingBalance > 0n && !wallet.settlementHold
        ? await settlingOf(db, { id: wallet.id, holding: wallet.holdingBalance })
        : [];
    found[code as CurrencyCode] = {
      available: wallet.availableBalance,
      holding: wallet.holdingBalance,
      onHold: wallet.settlementHold,
      settling,
    };
  }
  return found;
}
