import { hostedPage, type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectStatus, type QueryOf } from '../../support/caller';
import { contract } from '../../support/contract';

/**
 * Customer transactions (spec 2.4, 4.3, 2.6, 8; issue 4 "Deposits and fees", "Customer transactions"):
 * a paid checkout becomes a deposit with its fee, credited to the wallet's holding balance; the list is
 * newest first, filtered, paged, and stable under equal timestamps.
 *
 * Default fees: bank transfer 1.00 %, mobile money 1.50 %, both rounded half up to the minor unit.
 */

export const TRANSACTIONS = '/api/v1/merchants/customer/transactions';
export const GHOST = '00000000-0000-4000-8000-000000000000';

/** Spec 2.4, in its order. */
export const TRANSACTION_FIELDS = [
  'transaction_id',
  'merchant_id',
  'currency_id',
  'transaction_type',
  'status',
  'amount',
  'fee_amount',
  'net_amount',
  'created_at',
  'updated_at',
  'completed_at',
  'failed_at',
  'settlement_status',
  'settled_at',
  'settlement_batch_id',
  'customer_email',
  'customer_name',
  'customer_phone',
  'checkout_session_id',
  'payment_method',
  'payout_type',
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'payout_reason',
  'bank_account_number',
  'bank_routing_number',
  'bank_name',
  'account_holder_name',
  'mobile_number',
  'network_provider',
  'provider',
  'provider_reference',
  'provider_metadata',
  'meta_data',
  'refunds_transaction_id',
  'external_reference',
  'idempotency_key',
  'notes',
];

/** Fields of 2.4 that never apply to a deposit. */
export const PAYOUT_ONLY_FIELDS = [
  'failed_at',
  'payout_type',
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'payout_reason',
  'bank_account_number',
  'bank_routing_number',
  'bank_name',
  'account_holder_name',
  'mobile_number',
  'network_provider',
  'refunds_transaction_id',
  'idempotency_key',
  'notes',
] as const;

export const sql = testSql();
export const ms = (timestamp: string) => new Date(`${timestamp}Z`).getTime();

export const depositsOf = (checkoutId: string) =>
  sql<
    ({ id: string } & Record<string, unknown>)[]
  >`select * from customer_transactions where checkout_session_id = ${checkoutId} and transaction_type = 'deposit' order by created_at, id`;

export async function list(m: Merchant, query: QueryOf<typeof contract.listCustomerTransactions> = {}) {
  return (await m.ok(contract.listCustomerTransactions, { query })).body;
}

export async function createCheckout(m: Merchant, body: Record<string, unknown>) {
  const res = await m.call(contract.createCheckout, {
    body: {
      customer_email: 'ada@example.com',
      amount: 25.5,
      currency_code: 'GHS',
      ...body,
    },
  });
  expectStatus(res, 200);
  const checkout = res.body.data;
  return { checkout, ...hostedPage(checkout) };
}
