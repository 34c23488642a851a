import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import type { CheckoutRow } from '../../checkout/present';
import type { MoneyReceived } from './contract';
import type { ReceivedTotals } from './session-facts';

/**
 * What has actually reached us for a checkout, so the page can tell the customer the truth: money
 * counted towards the payment (every collection but duplicates), what is still missing or was sent
 * too much, money that arrived when the checkout could no longer take it (to be refunded), what the
 * merchant has refunded, and the provider's reference of the latest money counted.
 */
export function presentReceived(
  totals: ReceivedTotals,
  row: Pick<CheckoutRow, 'amount' | 'currencyCode'>,
): MoneyReceived {
  const money = (minor: bigint) => toMajorUnits(minor, row.currencyCode);
  const { counted } = totals;
  return {
    amount: money(counted),
    outstanding: money(counted < row.amount ? row.amount - counted : 0n),
    overpaid: money(counted > row.amount ? counted - row.amount : 0n),
    duplicate: money(totals.duplicate),
    refunded: money(totals.refunded),
    last_received_at: formatTimestamp(totals.lastReceivedAt),
    provider_reference: customerReference(totals),
    provider: totals.provider,
  };
}

/**
 * Rails whose status answer names only the request, the receipt coming later in the callback
 * (M-Pesa: the STK query carries none). Until it comes, the collection holds the request's id
 * (`CheckoutRequestID`), which the customer never saw: the receipt shows no reference rather than it.
 */
const RECEIPT_BY_CALLBACK: ReadonlySet<string> = new Set(['mpesa']);

function customerReference(totals: ReceivedTotals): string | null {
  if (totals.provider && RECEIPT_BY_CALLBACK.has(totals.provider) && totals.referenceIsRequest) return null;
  return totals.providerReference;
}
