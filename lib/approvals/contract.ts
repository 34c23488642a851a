import { z } from 'zod';
import { amount, named } from '../http/shapes';
import { operation } from '../http/operation';
import { checkoutFullSchema } from '../checkouts/contract';
import { checkoutIdParams, listCheckoutsQuery } from '../checkouts/input';
import { paymentAttemptSchema } from '../checkout-session/contract';
import { approveInput, rejectInput } from './input';

/**
 * An input schema shared with other operations, as this operation's own instance: lib/openapi/document.ts
 * turns a second use of one instance (or a `.clone()`, which points at its parent) into a `$ref` to
 * the first operation's input, which the document does not define: path and query parameters
 * vanish and a body `$ref` dangles. A copy of the definition has no parent.
 */
const own = <S extends z.ZodType>(schema: S): S => schema.clone({ ...schema._zod.def } as S['_zod']['def']);

/** A bank transfer claimed or received, waiting for the operator's decision. */
export const checkoutAwaitingApprovalSchema = named(
  'CheckoutAwaitingApproval',
  checkoutFullSchema.extend({
    merchant_name: z.string(),
    amount_received: amount.meta({
      description: 'What has actually arrived for this checkout so far (major units); 0 when the customer has only claimed the transfer',
    }),
    latest_attempt: paymentAttemptSchema.nullable().meta({ description: 'The customer\'s latest payment attempt, with its bank details' }),
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
  query: own(listCheckoutsQuery),
  data: z.array(checkoutAwaitingApprovalSchema),
});

export const approveCheckout = operation({
  operationId: 'approveCheckout',
  method: 'POST',
  path: '/api/admin/v1/checkouts/{checkout_id}/approve',
  tag: 'Operator',
  summary: 'Approve bank transfer',
  description:
    'The checkout becomes `paid` (events `checkout.approved` then `checkout.paid`) and a deposit is credited to the merchant\'s wallet: what arrived for it (a short transfer may be approved), or the checkout\'s amount when the transfer was only claimed and verified elsewhere. A checkout not awaiting approval is a 409 `not_awaiting_approval`.',
  security: 'adminBearer',
  params: own(checkoutIdParams),
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
  params: own(checkoutIdParams),
  body: rejectInput,
  data: checkoutFullSchema,
  errors: [409],
});
