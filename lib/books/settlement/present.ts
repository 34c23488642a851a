import type { settlementBatches } from '../../platform/db/schema';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import type { SettlementBatch } from './contract';

export function presentBatch(b: typeof settlementBatches.$inferSelect): SettlementBatch {
  const money = (minor: bigint) => toMajorUnits(minor, b.currencyCode);
  return {
    id: b.id,
    merchant_id: b.merchantId,
    wallet_id: b.walletId,
    currency_code: b.currencyCode,
    transaction_count: b.transactionCount,
    gross_amount: money(b.grossAmount),
    fee_amount: money(b.feeAmount),
    net_amount: money(b.netAmount),
    settled_amount: money(b.settledAmount),
    cutoff_at: formatTimestamp(b.cutoffAt),
    created_at: formatTimestamp(b.createdAt),
  };
}
