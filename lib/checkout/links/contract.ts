import { z } from 'zod';
import { needs } from '../../access/permissions';
import { operation } from '../../platform/http/operation';
import { amount, currencyCode, named, nullableTimestamp, timestamp, uuidField } from '../../platform/http/shapes';
import { checkoutFullSchema } from '../contract';
import { listCheckoutsQuery } from '../input';
import { createPaymentLinkInput, listPaymentLinksQuery, paymentLinkIdParams, updatePaymentLinkInput } from './input';

/**
 * Reusable payment links (docs/api.md#payment-links): the merchant's definitions (x-api-key). The
 * customer's side is the page `/l/<slug>` on the checkout host, not an API operation.
 */

export const PAYMENT_LINK_STATES = ['active', 'inactive', 'ended', 'full'] as const;

export const paymentLinkSchema = named(
  'PaymentLink',
  z.object({
    id: uuidField,
    merchant_id: uuidField,
    url: z.string().meta({
      description: 'The short address to share: it opens a page where the customer confirms, then pays',
      example: 'https://pay.example.com/l/k7m3q9x2wd',
    }),
    status: z.enum(PAYMENT_LINK_STATES).meta({
      description:
        '`inactive` when switched off; `ended` once `ends_at` has passed; `full` once `max_payments` checkouts are paid; else `active`',
    }),
    amount: amount.nullable().meta({ description: 'The fixed amount, or null: the customer chooses' }),
    min_amount: amount.nullable().meta({ description: 'The least the customer may choose (null: no lower bound)' }),
    max_amount: amount.nullable().meta({ description: 'The most the customer may choose (null: no upper bound)' }),
    currency_code: currencyCode,
    description: z.string(),
    collect_customer_email: z.boolean(),
    ends_at: nullableTimestamp,
    max_payments: z.int().min(1).nullable(),
    payments_count: z.int().min(0).meta({ description: 'Paid checkouts started from this link' }),
    paid_total: amount.meta({ description: 'What those checkouts paid, in `currency_code`' }),
    checkouts_created: z.int().min(0).meta({ description: 'Checkouts started from this link, paid or not' }),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type PaymentLinkView = z.infer<typeof paymentLinkSchema>;

export const createPaymentLink = operation({
  operationId: 'createPaymentLink',
  method: 'POST',
  path: '/api/v1/merchants/payment-links',
  tag: 'Payment links',
  summary: 'Create payment link',
  description:
    'A reusable link: a fixed `amount`, or an amount the customer chooses (optionally between `min_amount` and `max_amount`), in one currency. Share its `url`: each customer who confirms on its page gets a fresh checkout (with `meta_data.payment_link_id`) and pays on the hosted page. Send an `Idempotency-Key` to make retries safe.',
  security: 'apiKey',
  permission: needs.checkoutWrite,
  body: createPaymentLinkInput,
  idempotent: true,
  data: paymentLinkSchema,
  example: {
    body: { currency_code: 'GHS', description: 'School fees, term 2', min_amount: 50, max_payments: 300 },
  },
});

export const listPaymentLinks = operation({
  operationId: 'listPaymentLinks',
  method: 'GET',
  path: '/api/v1/merchants/payment-links',
  tag: 'Payment links',
  summary: 'List payment links',
  description: 'Newest first, every status, with spec 2.6 paging (`size` default 20).',
  security: 'apiKey',
  permission: needs.checkoutRead,
  query: listPaymentLinksQuery,
  paginated: true,
  data: z.array(paymentLinkSchema),
});

export const getPaymentLink = operation({
  operationId: 'getPaymentLink',
  method: 'GET',
  path: '/api/v1/merchants/payment-links/{payment_link_id}',
  tag: 'Payment links',
  summary: 'Get payment link',
  description:
    "With its payments so far (`payments_count`, `paid_total`). Another merchant's id, or one of the other mode, is a 404.",
  security: 'apiKey',
  permission: needs.checkoutRead,
  params: paymentLinkIdParams,
  data: paymentLinkSchema,
});

export const updatePaymentLink = operation({
  operationId: 'updatePaymentLink',
  method: 'PATCH',
  path: '/api/v1/merchants/payment-links/{payment_link_id}',
  tag: 'Payment links',
  summary: 'Update payment link',
  description:
    'Change its description, whether it asks for an email, its end date or maximum number of payments, or switch it off (`active: false`) and on again. The amount and currency never change: make a new link. Checkouts already started are not touched.',
  security: 'apiKey',
  permission: needs.checkoutWrite,
  params: paymentLinkIdParams,
  body: updatePaymentLinkInput,
  data: paymentLinkSchema,
  example: { body: { active: false } },
});

export const listPaymentLinkCheckouts = operation({
  operationId: 'listPaymentLinkCheckouts',
  method: 'GET',
  path: '/api/v1/merchants/payment-links/{payment_link_id}/checkouts',
  tag: 'Payment links',
  summary: "List a payment link's checkouts",
  description:
    "The checkouts customers started from this link, paid or not: the items, order, filters and paging of `listCheckouts` (newest first, full shape, `limit` 1–100 default 20, `offset`). Another merchant's link, or one of the other mode, is a 404.",
  security: 'apiKey',
  permission: needs.checkoutRead,
  params: paymentLinkIdParams,
  query: listCheckoutsQuery,
  data: z.array(checkoutFullSchema),
});
