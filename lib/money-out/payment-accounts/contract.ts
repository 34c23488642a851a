import { z } from 'zod';
import { needs } from '../../access/permissions';
import { NETWORK_PROVIDERS, PAYMENT_ACCOUNT_STATUSES, PAYMENT_ACCOUNT_TYPES } from '../../platform/vocabulary';
import { operation } from '../../platform/http/operation';
import { currencyCode, named, timestamp, uuidField } from '../../platform/http/shapes';
import {
  addPaymentAccountInput,
  listPaymentAccountsQuery,
  paymentAccountIdParams,
  updatePaymentAccountInput,
} from './input';

/** Spec 4.7: a merchant's own bank or mobile-money account that withdrawals pay out to. */
export const paymentAccountSchema = named(
  'PaymentAccount',
  z.object({
    id: uuidField,
    merchant_id: uuidField,
    currency_id: uuidField,
    currency_code: currencyCode,
    account_type: z.enum(PAYMENT_ACCOUNT_TYPES),
    is_primary: z
      .boolean()
      .meta({ description: 'Exactly one live account per currency is primary; the first one added becomes it' }),
    status: z.enum(PAYMENT_ACCOUNT_STATUSES).meta({ description: 'Only `active` accounts can receive withdrawals' }),
    account_number: z.string().nullable().meta({
      description:
        'Bank accounts only. In full on create, get and update; masked to the last four digits (`******6789`) in the list, the delete answer and events',
    }),
    bank_name: z.string().nullable().meta({ description: 'Bank accounts only' }),
    bank_routing_number: z.string().nullable().meta({ description: 'Bank accounts only, optional' }),
    account_holder_name: z.string().nullable().meta({ description: 'Bank accounts only' }),
    phone_number: z.string().nullable().meta({ description: 'Mobile money only, E.164 (`+233…`)' }),
    network_provider: z.enum(NETWORK_PROVIDERS).nullable().meta({ description: 'Mobile money only' }),
    provider_metadata: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The merchant's own JSON, as given" }),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

export const deletedPaymentAccountSchema = named(
  'DeletedPaymentAccount',
  paymentAccountSchema
    .extend({ deleted: z.literal(true) })
    .meta({ description: 'The account as it was deleted (number masked), with `deleted: true`' }),
);
export type DeletedPaymentAccount = z.infer<typeof deletedPaymentAccountSchema>;

export const listPaymentAccounts = operation({
  operationId: 'listPaymentAccounts',
  method: 'GET',
  path: '/api/v1/merchants/payment-accounts',
  tag: 'Payment accounts',
  summary: 'List payment accounts',
  description:
    'Live (not deleted) accounts by currency, the primary first, then oldest first; account numbers masked. Not paged.',
  security: 'apiKey',
  permission: needs.read,
  query: listPaymentAccountsQuery,
  data: z.array(paymentAccountSchema),
});

export const createPaymentAccount = operation({
  operationId: 'createPaymentAccount',
  method: 'POST',
  path: '/api/v1/merchants/payment-accounts',
  tag: 'Payment accounts',
  summary: 'Add payment account',
  description:
    "A `bank_account` needs `account_number`, `bank_name` and `account_holder_name`; a `mobile_money` account needs `phone_number` (international or local form, stored in E.164) and a `network_provider` that pays out in the currency. The other type's fields are refused. The first account of a currency becomes its primary whatever `is_primary` says; `is_primary: true` takes over from the current one.",
  security: 'apiKey',
  permission: needs.write,
  body: addPaymentAccountInput,
  data: paymentAccountSchema,
  example: {
    body: {
      currency_code: 'GHS',
      account_type: 'bank_account',
      account_number: '0123456789',
      bank_name: 'GCB Bank',
      account_holder_name: 'Ama Stores Ltd',
      is_primary: true,
    },
  },
});

export const getPaymentAccount = operation({
  operationId: 'getPaymentAccount',
  method: 'GET',
  path: '/api/v1/merchants/payment-accounts/{account_id}',
  tag: 'Payment accounts',
  summary: 'Get payment account',
  description: "Account number in full. A deleted account, or another merchant's, is a 404.",
  security: 'apiKey',
  permission: needs.read,
  params: paymentAccountIdParams,
  data: paymentAccountSchema,
});

export const updatePaymentAccount = operation({
  operationId: 'updatePaymentAccount',
  method: 'PUT',
  path: '/api/v1/merchants/payment-accounts/{account_id}',
  tag: 'Payment accounts',
  summary: 'Update payment account',
  description:
    "Only the fields given change (`bank_routing_number: null` clears it); `account_type`, `currency_code` and `currency_id` can never change (422), and only the fields of the account's type apply (a mobile-money account has no `bank_name`: 422). `is_primary: true` takes over as the currency's primary; `is_primary: false` on the primary is a 409 `primary_account_required` (make another one primary instead).",
  security: 'apiKey',
  permission: needs.write,
  params: paymentAccountIdParams,
  body: updatePaymentAccountInput,
  data: paymentAccountSchema,
  errors: [409],
});

export const deletePaymentAccount = operation({
  operationId: 'deletePaymentAccount',
  method: 'DELETE',
  path: '/api/v1/merchants/payment-accounts/{account_id}',
  tag: 'Payment accounts',
  summary: 'Delete payment account',
  description:
    'Deleting the primary account is a 409 `primary_account`: make another account primary first. Past withdrawals keep pointing at a deleted account.',
  security: 'apiKey',
  permission: needs.write,
  params: paymentAccountIdParams,
  data: deletedPaymentAccountSchema,
  errors: [409],
});
