import type { wallets } from '../../platform/db/schema';
import { toMajorUnits } from '../../platform/money/amount';
import type { CurrencyCode } from '../../platform/money/currencies';
import { formatTimestamp } from '../../platform/time';
import type { Wallet } from './contract';

/**
 * Spec 2.3. `balance` = holding + available, always. A settlement hold's reason is shown to the merchant
 * only when the operator made it visible (`settlement_hold_visibility` = `merchant`).
 */
export function presentWallet(
  w: typeof wallets.$inferSelect,
  currency: CurrencyCode,
  audience: 'merchant' | 'operator' = 'merchant',
): Wallet {
  return {
    id: w.id,
    merchant_id: w.merchantId,
    currency_id: w.currencyId,
    currency_name: currency,
    holding_balance: toMajorUnits(w.holdingBalance, currency),
    available_balance: toMajorUnits(w.availableBalance, currency),
    balance: toMajorUnits(w.holdingBalance + w.availableBalance, currency),
    settlement_hold: w.settlementHold,
    settlement_hold_reason:
      audience === 'operator' || w.settlementHoldVisibility === 'merchant' ? w.settlementHoldReason : null,
    settlement_hold_visibility: w.settlementHoldVisibility,
    last_deposit_at: formatTimestamp(w.lastDepositAt),
    last_settlement_at: formatTimestamp(w.lastSettlementAt),
    last_payout_at: formatTimestamp(w.lastPayoutAt),
    status: w.status,
    created_at: formatTimestamp(w.createdAt),
    updated_at: formatTimestamp(w.updatedAt),
  };
}
