import * as contract from '../../../checkout/contract';
import { cancelCheckout } from '../../../checkout/cancel-checkout';
import { createCheckout } from '../../../checkout/create-checkout';
import { checkoutIdParams, createCheckoutInput, type CreateCheckoutInput } from '../../../checkout/input';
import * as transactionsContract from '../../../books/customer-transactions/contract';
import { refundInput, type RefundInput } from '../../../books/customer-transactions/input';
import { refundDeposit } from '../../../books/refunds';
import { invalidField } from '../../../platform/http/errors';
import { validate } from '../../../platform/http/parse';
import type { DashboardAction, FormValues } from '../perform';
import { permissionOf } from './operation-permission';
import { amountOf } from '../amount-text';
import { DASHBOARD_CHECKOUT_LIFETIME_MINUTES } from './checkout-lifetimes';

/**
 * Checkouts from the dashboard: a payment link made by hand, and cancelling one. The form becomes the
 * API's JSON body (numbers where it takes numbers) and goes through the API's own schema, so a
 * refusal is the same 422 with the same field names as from the API.
 */

/** Blank optional fields are absent, as an API caller would leave them out. */
const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** Minutes as typed: a whole number becomes a number; anything else is refused by the schema. */
const minutesOf = (text: string | undefined) => {
  const given = optional(text);
  return given !== undefined && /^\d{1,9}$/.test(given.trim()) ? Number(given.trim()) : given;
};

/** `key=value`, one per line, into the API's `meta_data` object; a line without `=` is refused. */
export function metaDataOf(text: string | undefined): Record<string, string> | undefined {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  const entries = lines.map((line, i) => {
    const at = line.indexOf('=');
    if (at <= 0) throw invalidField('meta_data', `line ${i + 1} must be key=value`);
    return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as const;
  });
  return Object.fromEntries(entries);
}

export function createCheckoutBody(form: FormValues) {
  return {
    customer_email: form.customer_email?.trim() ?? '',
    amount: amountOf(form.amount),
    currency_code: form.currency_code ?? '',
    customer_name: optional(form.customer_name),
    customer_phone: optional(form.customer_phone),
    description: optional(form.description),
    expires_in_minutes: minutesOf(form.expires_in_minutes) ?? DASHBOARD_CHECKOUT_LIFETIME_MINUTES,
    meta_data: metaDataOf(form.meta_data),
  };
}

type Created = Awaited<ReturnType<typeof createCheckout>>;
type Cancelled = Awaited<ReturnType<typeof cancelCheckout>>;

export const createCheckoutAction = {
  name: 'checkout.create',
  allowed: permissionOf(contract.createCheckout),
  read: (form) => validate(createCheckoutInput, createCheckoutBody(form)),
  // The verb needs the merchant (its KYB decides the currencies) and the tenant of the page's mode.
  run: (ctx, input) => createCheckout({ db: ctx.db, merchant: ctx.merchant, tenant: ctx.tenant }, input),
  audit: (input, checkout) => ({
    target: checkout.id,
    details: {
      payment_reference: checkout.payment_reference,
      amount: checkout.amount,
      currency_code: checkout.currency_code,
      customer_email: input.customer_email,
    },
  }),
} satisfies DashboardAction<CreateCheckoutInput, Created>;

export const cancelCheckoutAction = {
  name: 'checkout.cancel',
  allowed: permissionOf(contract.cancelCheckout),
  read: (form) => validate(checkoutIdParams, { checkout_id: form.checkout_id }),
  run: (ctx, { checkout_id }) => cancelCheckout(ctx.db, ctx.tenant, checkout_id),
  audit: ({ checkout_id }, checkout) => ({
    target: checkout_id,
    details: { payment_reference: checkout.payment_reference },
  }),
} satisfies DashboardAction<{ checkout_id: string }, Cancelled>;

type Refund = Awaited<ReturnType<typeof refundDeposit>>;

/**
 * What the refund form asks for: the amount typed, or all that is left only when that was chosen
 * (`refund_whole=yes`): an amount forgotten must not quietly become "everything". The API keeps its
 * own rule (no amount: the rest).
 */
export function refundBody(form: FormValues) {
  const whole = form.refund_whole === 'yes';
  const typed = optional(form.amount);
  if (whole && typed !== undefined) {
    throw invalidField('amount', 'Leave the amount empty to refund the whole remaining amount, or choose part of it');
  }
  if (!whole && typed === undefined) {
    throw invalidField('amount', 'Type the amount to refund, or choose the whole remaining amount');
  }
  return { checkout_id: form.checkout_id, amount: whole ? undefined : amountOf(typed), reason: form.reason ?? '' };
}

/** A paid checkout's money back to its customer: the amount typed, or all that is left when chosen. */
export const refundCheckoutAction = {
  name: 'checkout.refund',
  allowed: permissionOf(transactionsContract.createRefund),
  read: (form) => validate(refundInput, refundBody(form)),
  // Posted twice, the same rendered form refunds once.
  oncePerForm: true,
  run: (ctx, input, formKey) => refundDeposit(ctx, input, formKey),
  audit: (input, refund) => ({
    target: input.checkout_id!,
    details: { refund_id: refund.transaction_id, amount: refund.amount, currency_code: refund.currency_code },
  }),
} satisfies DashboardAction<RefundInput, Refund>;

/** Checkouts from the dashboard (create a payment link, cancel, refund). */
export const CHECKOUT_ACTIONS = {
  createCheckout: createCheckoutAction,
  cancelCheckout: cancelCheckoutAction,
  refundCheckout: refundCheckoutAction,
};
