import { z } from 'zod';
import { needs } from '../../access/permissions';
import { checkoutFullSchema } from '../../checkout/contract';
import { PAYOUT_KINDS, SETTLEMENT_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../platform/vocabulary';
import { operation } from '../../platform/http/operation';
import { amount, currencyCode, named, nullableTimestamp, timestamp, uuidField } from '../../platform/http/shapes';
import { listTransactionsQuery, refundInput, transactionIdParams } from './input';

const nullableText = z.string().nullable();

/** Spec 2.4: every field present, null where it does not apply; our own fields at the end. */
export const customerTransactionSchema = named(
  'CustomerTransaction',
  z.object({
    transaction_id: uuidField,
    merchant_id: uuidField,
    currency_id: uuidField,
    transaction_type: z.enum(TRANSACTION_TYPES).meta({
      description:
        '`deposit`: a customer paid; `refund`: money back to a customer; `payout`: money out, a withdrawal or a payout (see `payout_kind`)',
    }),
    status: z.enum(TRANSACTION_STATUSES).meta({
      description:
        'Payouts read `pending` while the rail has them (PENDING and PROCESSING), then `completed`, `failed` or `cancelled`; a payout the bank sent back after completing (REVERSED) reads `failed`, `unsettled`, with `failed_at` when it came back',
    }),
    amount: amount.meta({
      description:
        'Gross. Deposit: what the customer paid. Refund: what goes back to the customer. Payout: what left the wallet (net_amount + fee_amount), as on its withdrawal or payout record',
    }),
    fee_amount: amount.meta({
      description: 'Our fee. Deposit: taken out of the payment. Refund: 0. Payout: charged on top of what is sent',
    }),
    net_amount: amount.meta({
      description:
        'amount − fee_amount. Deposit: what it added to the wallet. Refund: what the customer gets back. Payout: what the recipient is sent (the amount asked for)',
    }),
    created_at: timestamp,
    updated_at: timestamp,
    completed_at: nullableTimestamp,
    failed_at: nullableTimestamp,
    settlement_status: z.enum(SETTLEMENT_STATUSES).meta({
      description:
        'Whether the money has finished moving. Deposit: `settled` once a settlement batch moved it from holding to available. Refund: `settled` as it is made (the money leaves at once). Payout: `settled` only once the rail confirms the recipient was paid (`completed`); `unsettled` while pending and for failed or cancelled payouts, whose money came back',
    }),
    settled_at: nullableTimestamp.meta({ description: 'When settlement_status became `settled`' }),
    settlement_batch_id: uuidField.nullable(),
    customer_email: nullableText,
    customer_name: nullableText,
    customer_phone: nullableText,
    checkout_session_id: uuidField
      .nullable()
      .meta({ description: 'The checkout the deposit (or refunded deposit) paid' }),
    payment_method: nullableText.meta({ description: 'Deposits and refunds: `bank_transfer` or `mobile_money`' }),
    payout_type: nullableText.meta({ description: 'Payouts: `bank_transfer` or `mobile_money`' }),
    recipient_name: nullableText,
    recipient_email: nullableText,
    recipient_phone: nullableText,
    payout_reason: nullableText,
    bank_account_number: nullableText.meta({
      description: 'Payouts to a bank: masked to its last 4 digits in lists, in full when read by id',
    }),
    bank_routing_number: nullableText,
    bank_name: nullableText,
    account_holder_name: nullableText,
    mobile_number: nullableText,
    network_provider: nullableText,
    provider: nullableText.meta({ description: 'The rail that carried the money' }),
    provider_reference: nullableText.meta({ description: "The rail's reference for it" }),
    provider_metadata: z.record(z.string(), z.unknown()).nullable().meta({
      description: 'Deposits: the collections that made up the payment',
    }),
    meta_data: z.record(z.string(), z.unknown()).nullable().meta({
      description:
        "Deposits and refunds: the checkout's `meta_data` plus `checkout_id` and `payment_reference` (and `duplicate_payment`)",
    }),
    refunds_transaction_id: uuidField.nullable().meta({ description: 'Refunds: the deposit they refund' }),
    external_reference: nullableText.meta({ description: "Deposits and refunds: the checkout's id" }),
    idempotency_key: nullableText.meta({ description: 'The `Idempotency-Key` of the request that created it, if any' }),
    notes: nullableText.meta({ description: "Refunds: the reason given; payouts: the merchant's notes" }),
    currency_code: currencyCode,
    payout_kind: z.enum(PAYOUT_KINDS).nullable().meta({
      description:
        "Payouts only: `withdrawal` (to the merchant's own account, /withdrawals) or `payout` (to a third party, /payouts); null for deposits and refunds",
    }),
    is_duplicate: z
      .boolean()
      .meta({ description: 'A deposit for a checkout that was already paid or could no longer be paid' }),
    refunded_amount: amount
      .nullable()
      .meta({ description: 'Deposits: how much has been refunded so far; null for other types' }),
  }),
);
export type CustomerTransaction = z.infer<typeof customerTransactionSchema>;

/** `checkout.refunded`: the checkout (full shape) and the refund, with where the deposit now stands. */
export const checkoutRefundedSchema = named(
  'CheckoutRefunded',
  checkoutFullSchema.extend({
    refund: customerTransactionSchema.extend({
      deposit_transaction_id: uuidField.meta({ description: 'The deposit refunded' }),
      deposit_refunded_amount: amount.meta({
        description: 'How much of that deposit has been refunded so far, this refund included',
      }),
      fully_refunded: z.boolean().meta({ description: 'Nothing of the deposit is left to refund' }),
    }),
  }),
);
export type CheckoutRefunded = z.infer<typeof checkoutRefundedSchema>;

export const listCustomerTransactions = operation({
  operationId: 'listCustomerTransactions',
  method: 'GET',
  path: '/api/v1/merchants/customer/transactions',
  tag: 'Customer transactions',
  summary: 'List customer transactions',
  description:
    'Deposits, refunds and payouts, newest first. Bank account numbers are masked to their last 4 digits here; read one transaction by id to see it in full.',
  security: 'apiKey',
  permission: needs.read,
  query: listTransactionsQuery,
  data: z.array(customerTransactionSchema),
  paginated: true,
});

export const getCustomerTransaction = operation({
  operationId: 'getCustomerTransaction',
  method: 'GET',
  path: '/api/v1/merchants/customer/transactions/{transaction_id}',
  tag: 'Customer transactions',
  summary: 'Get customer transaction',
  description: "Another merchant's id is a 404.",
  security: 'apiKey',
  permission: needs.read,
  params: transactionIdParams,
  data: customerTransactionSchema,
});

export const createRefund = operation({
  operationId: 'createRefund',
  method: 'POST',
  path: '/api/v1/merchants/wallet/refunds',
  tag: 'Wallets',
  summary: 'Refund a deposit',
  description:
    "Gives the customer money back from a deposit, named by `transaction_id` or by the paid checkout's `checkout_id`; without `amount`, all that is left of it. Taken from available first, then holding; the deposit's fee is not returned. Answers the refund (a customer transaction of type `refund`) and records `checkout.refunded`. 404 for an unknown deposit or checkout; 409 `already_refunded`, `refund_exceeds_deposit`, `checkout_not_paid`, `not_a_deposit`, `wallet_frozen` or `wallet_suspended`.",
  security: 'apiKey',
  permission: needs.write,
  body: refundInput,
  idempotent: true,
  data: customerTransactionSchema,
  errors: [404, 409],
  example: {
    body: { checkout_id: '3f1c9a52-7a8e-4d1b-9f0e-2a6b8c4d1e7f', amount: 25, reason: 'One item returned' },
  },
});
