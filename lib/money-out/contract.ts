import { z } from 'zod';
import { needs } from '../access/permissions';
import { NETWORK_PROVIDERS } from '../platform/vocabulary';
import { operation } from '../platform/http/operation';
import { amount, currencyCode, named, nullableTimestamp, timestamp, uuidField } from '../platform/http/shapes';
import { transactionIdParams } from '../books/customer-transactions/input';
import { cancelInput, PAYOUT_TYPES, payoutHistoryQuery, payoutInput, withdrawalInput } from './input';

/** Withdrawals speak spec 4.8's capitals; REVERSED is ours (decisions/money-out.md). */
export const WITHDRAWAL_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED', 'REVERSED'] as const;
/** Payouts the lowercase of spec 4.9's filter (the same states). */
export const PAYOUT_STATUS_VALUES = ['pending', 'processing', 'completed', 'failed', 'cancelled', 'reversed'] as const;

/** Everything but `kind` and `status`, which differ between withdrawals and payouts. */
const moneyOutFields = {
  transaction_id: uuidField,
  merchant_id: uuidField,
  amount: amount.meta({
    description:
      'What left the wallet: `net_amount` + `fee_amount` (the same on the customer transaction of this payout, spec 2.4)',
  }),
  fee_amount: amount.meta({ description: 'The fee, taken from the wallet on top of what the recipient is sent' }),
  net_amount: amount.meta({ description: 'What the recipient is sent: the `amount` of the request' }),
  currency_code: currencyCode,
  payment_account_id: uuidField
    .nullable()
    .meta({ description: 'The saved payment account paid to; null for an ad-hoc recipient' }),
  payout_type: z.enum(PAYOUT_TYPES),
  recipient_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  bank_account_number: z.string().nullable().meta({
    description:
      'In full on initiate, get and cancel; masked to the last four digits (`******6789`) in history lists and events',
  }),
  bank_routing_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_holder_name: z.string().nullable(),
  mobile_number: z.string().nullable().meta({ description: 'E.164 (`+233…`), mobile money only' }),
  network_provider: z.enum(NETWORK_PROVIDERS).nullable(),
  payout_reason: z
    .string()
    .nullable()
    .meta({ description: 'Payouts: why the money is sent; always null for withdrawals' }),
  notes: z.string().nullable(),
  provider: z.string().nullable().meta({ description: 'The payout rail (`sandbox` in sandbox mode)' }),
  provider_reference: z
    .string()
    .nullable()
    .meta({ description: "The rail's reference, once it has taken the money (processing)" }),
  failure_reason: z
    .string()
    .nullable()
    .meta({ description: 'Why it failed or, for a reversed one, why the rail sent the money back' }),
  cancellation_reason: z.string().nullable(),
  idempotency_key: z.string().nullable().meta({ description: 'The `Idempotency-Key` the initiating request carried' }),
  created_at: timestamp,
  updated_at: timestamp,
  processing_at: nullableTimestamp,
  completed_at: nullableTimestamp,
  failed_at: nullableTimestamp,
  cancelled_at: nullableTimestamp,
  reversed_at: nullableTimestamp.meta({
    description: 'When the rail sent a completed payout back (beyond the spec: only with status reversed)',
  }),
};

export const withdrawalSchema = named(
  'Withdrawal',
  z
    .object({
      kind: z.literal('withdrawal'),
      status: z.enum(WITHDRAWAL_STATUSES).meta({
        description:
          'PENDING → PROCESSING → COMPLETED | FAILED, or PENDING → CANCELLED (FAILED and CANCELLED return the money). Beyond the spec: COMPLETED → REVERSED when the bank later sends the money back (the amount and fee return to the wallet).',
      }),
      ...moneyOutFields,
    })
    .meta({ description: "Money out to one of the merchant's own accounts (spec 4.8)" }),
);
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const payoutSchema = named(
  'Payout',
  z
    .object({
      kind: z.literal('payout'),
      status: z.enum(PAYOUT_STATUS_VALUES).meta({
        description:
          'pending → processing → completed | failed, or pending → cancelled (failed and cancelled return the money). Beyond the spec: completed → reversed when the bank later sends the money back (the amount and fee return to the wallet).',
      }),
      ...moneyOutFields,
    })
    .meta({ description: 'Money out to a third party (spec 4.9)' }),
);
export type Payout = z.infer<typeof payoutSchema>;

/** The presented row by its kind. */
export interface MoneyOutByKind {
  withdrawal: Withdrawal;
  payout: Payout;
}

const recipientDescription =
  '`recipient_details` by `payout_type`: bank_transfer takes `recipient_name`, `bank_account_number`, `bank_name`, `account_holder_name` (and optionally `bank_routing_number`, `recipient_email`, `recipient_phone`); mobile_money takes `recipient_name`, `mobile_number`, `network_provider` (and optionally `recipient_email`, `recipient_phone`). Each invalid field is reported as `recipient_details.<field>`.';

const initiateDescription = (what: string) =>
  `${what} In one step the amount plus its fee leaves the wallet's available balance (409 \`insufficient_funds\` when short; 409 when the wallet is frozen or suspended), and the rail picks the money up in the background. Send an \`Idempotency-Key\` to make retries safe.`;

export const listWithdrawals = operation({
  operationId: 'listWithdrawals',
  method: 'GET',
  path: '/api/v1/merchants/withdrawals',
  tag: 'Withdrawals',
  summary: 'List withdrawals',
  description:
    'Newest first, spec 2.6 paging; bank account numbers masked. `status` filters in any case (`PENDING` = `pending`).',
  security: 'apiKey',
  permission: needs.read,
  query: payoutHistoryQuery,
  data: z.array(withdrawalSchema),
  paginated: true,
});

export const createWithdrawal = operation({
  operationId: 'createWithdrawal',
  method: 'POST',
  path: '/api/v1/merchants/withdrawals',
  tag: 'Withdrawals',
  summary: 'Initiate withdrawal',
  description: initiateDescription(
    `Sends money to the merchant's own account: give either \`payment_account_id\` (an active saved account in the same currency; an unknown one is a 404) or \`payout_type\` with \`recipient_details\`. ${recipientDescription}`,
  ),
  security: 'apiKey',
  permission: needs.write,
  body: withdrawalInput,
  idempotent: true,
  data: withdrawalSchema,
  errors: [404, 409, 503],
  example: {
    body: {
      amount: 500,
      currency_code: 'GHS',
      payment_account_id: '3f1c9a52-7a8e-4d1b-9f0e-2a6b8c4d1e7f',
      notes: 'Weekly sweep',
    },
  },
});

export const getWithdrawal = operation({
  operationId: 'getWithdrawal',
  method: 'GET',
  path: '/api/v1/merchants/withdrawals/{transaction_id}',
  tag: 'Withdrawals',
  summary: 'Get withdrawal',
  description: "Bank account number in full. Another merchant's id, or a payout's, is a 404.",
  security: 'apiKey',
  permission: needs.read,
  params: transactionIdParams,
  data: withdrawalSchema,
});

export const cancelWithdrawal = operation({
  operationId: 'cancelWithdrawal',
  method: 'POST',
  path: '/api/v1/merchants/withdrawals/{transaction_id}/cancel',
  tag: 'Withdrawals',
  summary: 'Cancel withdrawal',
  description:
    'Only while PENDING (409 `withdrawal_not_cancellable` otherwise); the amount and the fee go back to the available balance at once.',
  security: 'apiKey',
  permission: needs.write,
  params: transactionIdParams,
  body: cancelInput,
  data: withdrawalSchema,
  errors: [409],
});

export const listPayouts = operation({
  operationId: 'listPayouts',
  method: 'GET',
  path: '/api/v1/merchants/payouts',
  tag: 'Payouts',
  summary: 'List payouts',
  description: 'Newest first, spec 2.6 paging; bank account numbers masked. `status` filters in any case.',
  security: 'apiKey',
  permission: needs.read,
  query: payoutHistoryQuery,
  data: z.array(payoutSchema),
  paginated: true,
});

export const createPayout = operation({
  operationId: 'createPayout',
  method: 'POST',
  path: '/api/v1/merchants/payouts',
  tag: 'Payouts',
  summary: 'Initiate payout',
  description: initiateDescription(
    `Sends money to a third party named by \`payout_type\` and \`recipient_details\`, with a \`payout_reason\`. ${recipientDescription}`,
  ),
  security: 'apiKey',
  permission: needs.write,
  body: payoutInput,
  idempotent: true,
  data: payoutSchema,
  errors: [409, 503],
  example: {
    body: {
      amount: 120,
      currency_code: 'GHS',
      payout_type: 'mobile_money',
      recipient_details: {
        recipient_name: 'Kofi Mensah',
        mobile_number: '+233241234567',
        network_provider: 'mtn_momo',
      },
      payout_reason: 'Supplier invoice INV-204',
    },
  },
});

export const getPayout = operation({
  operationId: 'getPayout',
  method: 'GET',
  path: '/api/v1/merchants/payouts/{transaction_id}',
  tag: 'Payouts',
  summary: 'Get payout',
  description: "Bank account number in full. Another merchant's id, or a withdrawal's, is a 404.",
  security: 'apiKey',
  permission: needs.read,
  params: transactionIdParams,
  data: payoutSchema,
});

export const cancelPayout = operation({
  operationId: 'cancelPayout',
  method: 'POST',
  path: '/api/v1/merchants/payouts/{transaction_id}/cancel',
  tag: 'Payouts',
  summary: 'Cancel payout',
  description:
    'Only while pending (409 `payout_not_cancellable` otherwise); the amount and the fee go back to the available balance at once.',
  security: 'apiKey',
  permission: needs.write,
  params: transactionIdParams,
  body: cancelInput,
  data: payoutSchema,
  errors: [409],
});
