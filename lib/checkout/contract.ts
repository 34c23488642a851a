import { z } from 'zod';
import { needs } from '../access/permissions';
import { APPROVAL_STATUSES, CHECKOUT_STATUSES } from '../platform/vocabulary';
import { PAYMENT_METHODS } from '../platform/vocabulary';
import { operation } from '../platform/http/operation';
import {
  amount,
  currencyCode,
  metaData,
  named,
  nullableTimestamp,
  timestamp,
  uuidField,
} from '../platform/http/shapes';
import { checkoutIdParams, createCheckoutInput, listCheckoutsQuery } from './input';

const checkoutStatus = z.enum(CHECKOUT_STATUSES).meta({
  description:
    'pending → (awaiting_payment_initiation | processing) → paid → completed; or failed, timeout, cancelled, expired',
});

const checkoutUrl = z.string().meta({
  description:
    'The hosted page with its credential in the fragment (`#token=`): send the customer here exactly as given',
  example: 'https://pay.example.com/pay/PAY-7K3M9Q2XW4T8B6ZD#token=eyJhbGciOiJIUzI1NiIs…',
});

/** What both shapes show. */
const checkoutFields = {
  id: uuidField,
  payment_reference: z.string().meta({ example: 'PAY-7K3M9Q2XW4T8B6ZD' }),
  checkout_url: checkoutUrl,
  amount,
  currency_code: currencyCode,
  status: checkoutStatus,
  customer_email: z.string(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  customer_phone_editable: z.boolean(),
  description: z.string().nullable(),
  expires_at: timestamp,
  paid_at: nullableTimestamp,
  created_at: timestamp,
};

/** Public shape (spec 2.5): create and cancel. */
export const checkoutPublicSchema = named('Checkout', z.object(checkoutFields));
export type CheckoutPublic = z.infer<typeof checkoutPublicSchema>;

/** Full shape (spec 2.5): get, the listing and every checkout event's `data`. */
export const checkoutFullSchema = named(
  'CheckoutFull',
  z.object({
    ...checkoutFields,
    merchant_id: uuidField,
    payment_method: z.enum(PAYMENT_METHODS).nullable(),
    completed_at: nullableTimestamp,
    redirect_url: z.string().nullable(),
    meta_data: metaData.nullable(),
    approval_status: z.enum(APPROVAL_STATUSES),
    approved_by_admin_id: z.string().nullable(),
    approved_at: nullableTimestamp,
    rejection_reason: z.string().nullable(),
    admin_notes: z.string().nullable(),
    updated_at: timestamp,
  }),
);
export type CheckoutFull = z.infer<typeof checkoutFullSchema>;

export const createCheckout = operation({
  operationId: 'createCheckout',
  method: 'POST',
  path: '/api/v1/merchants/checkouts',
  tag: 'Checkouts',
  summary: 'Create checkout',
  description:
    'Creates a pending checkout and returns its hosted page link (`checkout_url`). A minimal request carries only `customer_email`, `amount` and `currency_code`. Send an `Idempotency-Key` to make retries safe.',
  security: 'apiKey',
  permission: needs.checkoutWrite,
  body: createCheckoutInput,
  idempotent: true,
  data: checkoutPublicSchema,
  example: {
    body: {
      customer_email: 'ama@example.com',
      amount: 125.5,
      currency_code: 'GHS',
      meta_data: { order_id: 'ORD-1042' },
    },
  },
});

export const listCheckouts = operation({
  operationId: 'listCheckouts',
  method: 'GET',
  path: '/api/v1/merchants/checkouts',
  tag: 'Checkouts',
  summary: 'List checkouts',
  description:
    'Newest first, full shape. Filters combine (all must hold): `status` (the status as read: a checkout past `expires_at` that has not been paid is `expired`), `payment_reference`, `customer_email` (exact, any case), `created_from` and `created_to` (inclusive bounds on `created_at`, UTC: `2026-11-24T09:30:00` or a date, `2026-11-24`, which means from the start of that day or to its end). `limit` (1–100, default 20) and `offset` page through the result.',
  security: 'apiKey',
  permission: needs.checkoutRead,
  query: listCheckoutsQuery,
  data: z.array(checkoutFullSchema),
});

export const getCheckout = operation({
  operationId: 'getCheckout',
  method: 'GET',
  path: '/api/v1/merchants/checkouts/{checkout_id}',
  tag: 'Checkouts',
  summary: 'Get checkout',
  description:
    "The source of truth for a payment: confirm `paid` (or `completed`) here before fulfilling, and to recover a missed webhook. The full shape (spec 2.5 allows it on get): `meta_data`, `payment_method`, the approval fields and `completed_at` as webhooks carry them, plus `customer_phone_editable`. Another merchant's id is a 404.",
  security: 'apiKey',
  permission: needs.checkoutRead,
  params: checkoutIdParams,
  data: checkoutFullSchema,
});

export const cancelCheckout = operation({
  operationId: 'cancelCheckout',
  method: 'POST',
  path: '/api/v1/merchants/checkouts/{checkout_id}/cancel',
  tag: 'Checkouts',
  summary: 'Cancel checkout',
  description: 'Only while `pending`; otherwise 409 `checkout_not_cancellable`.',
  security: 'apiKey',
  permission: needs.checkoutWrite,
  params: checkoutIdParams,
  data: checkoutPublicSchema,
  errors: [409],
});
