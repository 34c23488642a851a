import type { customerTransactions } from '../../platform/db/schema';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import { maskAccountNumber } from '../../rails/payout-destination';
import type { CustomerTransaction } from './contract';

export type CustomerTransactionRow = typeof customerTransactions.$inferSelect;

/**
 * Spec 2.4, every field present (null when it does not apply), plus a few fields of ours at the end.
 * Lists mask bank account numbers to their last 4 digits; one transaction read by id shows it in full.
 */
export function presentTransaction(t: CustomerTransactionRow, view: 'full' | 'masked' = 'full'): CustomerTransaction {
  const money = (minor: bigint) => toMajorUnits(minor, t.currencyCode);
  return {
    transaction_id: t.id,
    merchant_id: t.merchantId,
    currency_id: t.currencyId,
    transaction_type: t.transactionType,
    status: t.status,
    amount: money(t.amount),
    fee_amount: money(t.feeAmount),
    net_amount: money(t.netAmount),
    created_at: formatTimestamp(t.createdAt),
    updated_at: formatTimestamp(t.updatedAt),
    completed_at: formatTimestamp(t.completedAt),
    // A reversed payout reads `failed` here (the spec's statuses): it failed when the rail sent it back.
    failed_at: formatTimestamp(t.failedAt ?? t.reversedAt),
    settlement_status: t.settlementStatus,
    settled_at: formatTimestamp(t.settledAt),
    settlement_batch_id: t.settlementBatchId,
    customer_email: t.customerEmail,
    customer_name: t.customerName,
    customer_phone: t.customerPhone,
    checkout_session_id: t.checkoutSessionId,
    payment_method: t.paymentMethod,
    payout_type: t.payoutType,
    recipient_name: t.recipientName,
    recipient_email: t.recipientEmail,
    recipient_phone: t.recipientPhone,
    payout_reason: t.payoutReason,
    bank_account_number:
      t.bankAccountNumber && view === 'masked' ? maskAccountNumber(t.bankAccountNumber) : t.bankAccountNumber,
    bank_routing_number: t.bankRoutingNumber,
    bank_name: t.bankName,
    account_holder_name: t.accountHolderName,
    mobile_number: t.mobileNumber,
    network_provider: t.networkProvider,
    provider: t.provider,
    provider_reference: t.providerReference,
    provider_metadata: t.providerMetadata,
    meta_data: t.metaData,
    refunds_transaction_id: t.refundsTransactionId,
    external_reference: t.externalReference,
    idempotency_key: t.idempotencyKey,
    notes: t.notes,
    // Ours: the currency's code, withdrawal or payout, duplicate flag and how much of a deposit has been refunded.
    currency_code: t.currencyCode,
    payout_kind: t.payoutKind,
    is_duplicate: t.isDuplicate,
    refunded_amount: t.transactionType === 'deposit' ? money(t.refundedAmount) : null,
  };
}
