import { type customerTransactions, ownerOf } from '../platform/db/schema';
import { type NetworkProvider, type PayoutKind, type PayoutStatus } from '../platform/vocabulary';
import { toMajorUnits } from '../platform/money/amount';
import { formatTimestamp } from '../platform/time';
import { maskAccountNumber } from '../rails/payout-destination';
import type { PayoutType } from './input';
import type { MoneyOutByKind, Payout, Withdrawal } from './contract';
import type { NewEvent } from '../notifications/events/record-event';

export type PayoutRow = typeof customerTransactions.$inferSelect;

/** Withdrawals speak spec 4.8's capitals (`PENDING`); payouts the lowercase of spec 4.9's filter. */
export const statusFor = (kind: PayoutKind, status: PayoutStatus) =>
  kind === 'withdrawal' ? status.toUpperCase() : status;

/**
 * A withdrawal or payout. Its money fields mean what they mean on its customer transaction (spec 2.4):
 * `amount` what left the wallet, `fee_amount` what it cost, `net_amount` (= amount − fee) what the
 * recipient is sent, i.e. the `amount` the merchant asked for. Bank account numbers are masked in
 * history lists.
 */
export function presentPayout(row: PayoutRow, view: 'full' | 'masked' = 'full'): Withdrawal | Payout {
  const currency = row.currencyCode;
  const money = (minor: bigint) => toMajorUnits(minor, currency);
  const status = row.payoutStatus!;
  const head =
    row.payoutKind === 'withdrawal'
      ? { kind: 'withdrawal' as const, status: status.toUpperCase() as Withdrawal['status'] }
      : { kind: 'payout' as const, status };
  return {
    transaction_id: row.id,
    merchant_id: row.merchantId,
    ...head,
    amount: money(row.amount),
    fee_amount: money(row.feeAmount),
    net_amount: money(row.netAmount),
    currency_code: currency,
    payment_account_id: row.paymentAccountId,
    // Money out always has a destination type; the column is shared with deposits, where it is null.
    payout_type: row.payoutType as PayoutType,
    recipient_name: row.recipientName,
    recipient_email: row.recipientEmail,
    recipient_phone: row.recipientPhone,
    bank_account_number:
      row.bankAccountNumber && view === 'masked' ? maskAccountNumber(row.bankAccountNumber) : row.bankAccountNumber,
    bank_routing_number: row.bankRoutingNumber,
    bank_name: row.bankName,
    account_holder_name: row.accountHolderName,
    mobile_number: row.mobileNumber,
    network_provider: row.networkProvider as NetworkProvider | null,
    payout_reason: row.payoutReason,
    notes: row.notes,
    provider: row.provider,
    provider_reference: row.providerReference,
    failure_reason: row.failureReason,
    cancellation_reason: row.cancellationReason,
    idempotency_key: row.idempotencyKey,
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
    processing_at: formatTimestamp(row.processingAt),
    completed_at: formatTimestamp(row.completedAt),
    failed_at: formatTimestamp(row.failedAt),
    cancelled_at: formatTimestamp(row.cancelledAt),
    reversed_at: formatTimestamp(row.reversedAt),
  };
}

/** The presented row as the kind the caller asked for (its query filtered on `payout_kind`). */
export const presentPayoutOf = <K extends PayoutKind>(kind: K, row: PayoutRow, view: 'full' | 'masked' = 'full') => {
  if (row.payoutKind !== kind) throw new Error(`Expected a ${kind}, got a ${row.payoutKind}`);
  return presentPayout(row, view) as MoneyOutByKind[K];
};

/**
 * The event of a withdrawal or payout reaching `step`, with its data (account numbers masked: events
 * leave the service as webhooks): `withdrawal.<step>` or `payout.<step>`.
 */
export function moneyOutEvent(
  row: PayoutRow,
  step: 'created' | 'processing' | 'completed' | 'failed' | 'cancelled' | 'reversed',
): NewEvent {
  const data = presentPayout(row, 'masked');
  const base = { ...ownerOf(row), resourceId: row.id };
  return data.kind === 'withdrawal'
    ? { ...base, eventType: `withdrawal.${step}`, resourceType: 'withdrawal', data }
    : { ...base, eventType: `payout.${step}`, resourceType: 'payout', data };
}
