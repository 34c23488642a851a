import { approveCheckout, rejectCheckout } from '../../../collections/approvals/approvals';
import { approveInput, rejectInput } from '../../../collections/approvals/input';
import { checkoutIdParams } from '../../../checkout/input';
import { validate } from '../../../platform/http/parse';
import type { OperatorAction } from '../perform-operator';

/**
 * Bank transfers waiting for the operator (POST /api/admin/v1/checkouts/{id}/approve and /reject):
 * approving pays the checkout and credits the merchant, so both ask for a fresh second factor. The
 * operator's own user id is recorded as the approver, as the API records its token's.
 */
const optional = (value: string | undefined) => (value ? value : undefined);

type Approval = { checkout_id: string; body: ReturnType<typeof approveInput.parse> };
type Rejection = { checkout_id: string; body: ReturnType<typeof rejectInput.parse> };

export const approveCheckoutAction = {
  name: 'checkout.approve',
  read: (form) => ({
    ...validate(checkoutIdParams, { checkout_id: form.checkout_id }),
    body: validate(approveInput, { admin_notes: optional(form.admin_notes) }),
  }),
  run: (ctx, { checkout_id, body }) => approveCheckout(ctx.db, ctx.person.user.id, checkout_id, body),
  audit: ({ checkout_id, body }, checkout) => ({
    merchantId: checkout.merchant_id,
    target: checkout_id,
    details: { amount: checkout.amount, currency_code: checkout.currency_code, admin_notes: body.admin_notes ?? null },
  }),
} satisfies OperatorAction<Approval, Awaited<ReturnType<typeof approveCheckout>>>;

export const rejectCheckoutAction = {
  name: 'checkout.reject',
  read: (form) => ({
    ...validate(checkoutIdParams, { checkout_id: form.checkout_id }),
    body: validate(rejectInput, {
      rejection_reason: form.rejection_reason,
      admin_notes: optional(form.admin_notes),
    }),
  }),
  run: (ctx, { checkout_id, body }) => rejectCheckout(ctx.db, ctx.person.user.id, checkout_id, body),
  audit: ({ checkout_id, body }, checkout) => ({
    merchantId: checkout.merchant_id,
    target: checkout_id,
    details: { rejection_reason: body.rejection_reason, admin_notes: body.admin_notes ?? null },
  }),
} satisfies OperatorAction<Rejection, Awaited<ReturnType<typeof rejectCheckout>>>;
