import { and, eq, sql } from 'drizzle-orm';
import { currencies, wallets, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/http/errors';
import { isCurrencyCode, type CurrencyCode } from '../../platform/money/currencies';

export type WalletRow = typeof wallets.$inferSelect;

/**
 * The merchant's wallet in `code` (any case), or 404. With `lock`, the row is locked for the rest of
 * the transaction: every verb that moves a wallet's money takes this lock first, so they queue up per
 * wallet instead of deadlocking.
 */
export async function findWallet(
  db: Db,
  tenant: Tenant,
  code: string,
  options: { lock?: boolean } = {},
): Promise<{ wallet: WalletRow; currency: CurrencyCode }> {
  const currency = code.toUpperCase();
  if (!isCurrencyCode(currency)) throw notFound(`Wallet ${currency}`);
  const query = db
    .select()
    .from(wallets)
    .where(
      and(
        eq(wallets.tenantId, tenant.id),
        eq(wallets.currencyId, sql`(select id from ${currencies} where code = ${currency})`),
      ),
    );
  const [wallet] = options.lock ? await query.for('update') : await query;
  if (!wallet) throw notFound(`Wallet ${currency}`);
  return { wallet, currency };
}

/** Money may leave only an active wallet: a frozen (merchant) or suspended (operator) one refuses. */
export function assertCanSendMoney(wallet: WalletRow, currency: CurrencyCode): void {
  if (wallet.status === 'frozen') {
    throw conflict(
      'wallet_frozen',
      `The ${currency} wallet is frozen; set its status to active to move money out of it`,
    );
  }
  if (wallet.status === 'suspended') {
    throw conflict('wallet_suspended', `The ${currency} wallet is suspended by the operator; contact support`);
  }
}
