import { z } from 'zod';
import { amount, named } from '../../platform/http/shapes';
import { operation } from '../../platform/http/operation';
import { checkoutFullSchema } from '../../checkout/contract';
import { checkoutIdParams, listCheckoutsQuery } from '../../checkout/input';
import { paymentAttemptSchema } from '../hosted-page/contract';
import { approveInput, rejectInput } from './input';

/** A bank transfer claimed or received, waiting for the operator's decision. */
export const checkoutAwaitingApprovalSchema = named(
  'CheckoutAwaitingApproval',
  checkoutFullSchema.extend({
    merchant_name: z.string(),
    amount_received: amount.meta({
      description:
        'What has actually arrived for this checkout so far (major units); 0 when the customer has only claimed the transfer',
    }),
    latest_attempt: paymentAttemptSchema
      .nullable()
      .meta({ description: "The customer's latest payment attempt, with its bank details" }),
  }),
);
export type CheckoutAwaitingApproval = z.infer<typeof checkoutAwaitingApprovalSchema>;

export const listCheckoutsAwaitingApproval = operation({
  operationId: 'listCheckoutsAwaitingApproval',
  method: 'GET',
  path: '/api/admin/v1/checkouts/awaiting-approval',
  tag: 'Operator',
  summary: 'List checkouts awaiting approval',
  description:
    'Bank-transfer checkouts in `processing` with `approval_status` `pending_approval`, across all merchants, oldest first (`limit`/`offset` paging, no totals).',
  security: 'adminBearer',
  query: listCheckoutsQuery,
  data: z.array(checkoutAwaitingApprovalSchema),
});

export const approveCheckout = operation({
  operationId: 'approveCheckout',
  method: 'POST',
  path: '/api/admin/v1/checkouts/{checkout_id}/approve',
  tag: 'Operator',
  summary: 'Approve bank transfer',
  description:
    "The checkout becomes `paid` (events `checkout.approved` then `checkout.paid`) and a deposit is credited to the merchant's wallet: what arrived for it (a short transfer may be approved), or the checkout's amount when the transfer was only claimed and verified elsewhere. A checkout not awaiting approval is a 409 `not_awaiting_approval`.",
  security: 'adminBearer',
  params: checkoutIdParams,
  body: approveInput,
  data: checkoutFullSchema,
  errors: [409],
});

export const rejectCheckout = operation({
  operationId: 'rejectCheckout',
  method: 'POST',
  path: '/api/admin/v1/checkouts/{checkout_id}/reject',
  tag: 'Operator',
  summary: 'Reject bank transfer',
  description:
    'The checkout fails (`checkout.rejected`) with the `rejection_reason`; the customer may try again until it expires. A checkout not awaiting approval is a 409 `not_awaiting_approval`.',
  security: 'adminBearer',
  params: checkoutIdParams,
  body: rejectInput,
  data: checkoutFullSchema,
  errors: [409],
});
