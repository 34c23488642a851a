import * as contract from '../../../checkout/links/contract';
import {
  createPaymentLinkInput,
  paymentLinkIdParams,
  updatePaymentLinkInput,
  type CreatePaymentLinkInput,
  type UpdatePaymentLinkInput,
} from '../../../checkout/links/input';
import { createPaymentLink, updatePaymentLink } from '../../../checkout/links/manage';
import { validate } from '../../../platform/http/parse';
import type { DashboardAction, FormValues } from '../perform';
import { amountOf } from '../amount-text';
import { permissionOf } from './operation-permission';

/**
 * Payment links from the dashboard: make one, edit one, switch one off or on again, with the API's own schema
 * and verbs, so a refusal names the same fields as the API's 422.
 */

const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** The form as the API's body: a fixed amount, or the customer's choice within optional bounds. */
export function paymentLinkBody(form: FormValues) {
  const open = form.amount_kind === 'open';
  const ends = optional(form.ends_at);
  const max = optional(form.max_payments);
  return {
    ...(!open && { amount: amountOf(form.amount?.trim() ?? '') }),
    ...(open && optional(form.min_amount) !== undefined && { min_amount: amountOf(form.min_amount) }),
    ...(open && optional(form.max_amount) !== undefined && { max_amount: amountOf(form.max_amount) }),
    currency_code: form.currency_code ?? '',
    description: form.description ?? '',
    collect_customer_email: form.collect_customer_email === 'on',
    ...(ends !== undefined && { ends_at: endOfDay(ends) }),
    ...(max !== undefined && { max_payments: /^\d{1,9}$/.test(max.trim()) ? Number(max.trim()) : max }),
  };
}

/** A date typed in the form: the link takes payments to the end of that day (UTC). */
const endOfDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59Z` : value);

/**
 * The edit form as the API's PATCH body: what it may change, never the amount or the currency. An
 * emptied end date or limit removes it (null); an end date left as it was is not sent, so a link made
 * through the API keeps its exact time, and a link already ended can still be edited otherwise.
 */
export function paymentLinkEditBody(form: FormValues) {
  const ends = optional(form.ends_at);
  const max = optional(form.max_payments);
  const endsUnchanged = (ends ?? '') === (form.ends_at_was ?? '').trim();
  return {
    description: form.description ?? '',
    collect_customer_email: form.collect_customer_email === 'on',
    ...(!endsUnchanged && { ends_at: ends === undefined ? null : endOfDay(ends) }),
    max_payments: max === undefined ? null : /^\d{1,9}$/.test(max.trim()) ? Number(max.trim()) : max,
  };
}

type Created = Awaited<ReturnType<typeof createPaymentLink>>;
type Updated = Awaited<ReturnType<typeof updatePaymentLink>>;
const readId = (form: FormValues) => validate(paymentLinkIdParams, { payment_link_id: form.payment_link_id });

export const PAYMENT_LINK_ACTIONS = {
  createPaymentLink: {
    name: 'payment_link.create',
    allowed: permissionOf(contract.createPaymentLink),
    read: (form) => validate(createPaymentLinkInput, paymentLinkBody(form)),
    run: (ctx, input) => createPaymentLink({ db: ctx.db, merchant: ctx.merchant, tenant: ctx.tenant }, input),
    audit: (_input, link) => ({
      target: link.id,
      details: {
        amount: link.amount,
        min_amount: link.min_amount,
        max_amount: link.max_amount,
        currency_code: link.currency_code,
        ends_at: link.ends_at,
        max_payments: link.max_payments,
      },
    }),
  } satisfies DashboardAction<CreatePaymentLinkInput, Created>,

  editPaymentLink: {
    name: 'payment_link.update',
    allowed: permissionOf(contract.updatePaymentLink),
    read: (form) => ({
      ...readId(form),
      changes: validate(updatePaymentLinkInput, paymentLinkEditBody(form)),
    }),
    run: (ctx, { payment_link_id, changes }) => updatePaymentLink(ctx.db, ctx.tenant, payment_link_id, changes),
    audit: ({ payment_link_id, changes }, link) => ({
      target: payment_link_id,
      details: {
        changed: Object.keys(changes).sort(),
        ends_at: link.ends_at,
        max_payments: link.max_payments,
        collect_customer_email: link.collect_customer_email,
      },
    }),
  } satisfies DashboardAction<{ payment_link_id: string; changes: UpdatePaymentLinkInput }, Updated>,

  deactivatePaymentLink: {
    name: 'payment_link.deactivate',
    allowed: permissionOf(contract.updatePaymentLink),
    read: readId,
    run: (ctx, { payment_link_id }) => updatePaymentLink(ctx.db, ctx.tenant, payment_link_id, { active: false }),
    audit: ({ payment_link_id }, link) => ({ target: payment_link_id, details: { status: link.status } }),
  } satisfies DashboardAction<{ payment_link_id: string }, Updated>,

  reactivatePaymentLink: {
    name: 'payment_link.update',
    allowed: permissionOf(contract.updatePaymentLink),
    read: readId,
    run: (ctx, { payment_link_id }) => updatePaymentLink(ctx.db, ctx.tenant, payment_link_id, { active: true }),
    audit: ({ payment_link_id }, link) => ({ target: payment_link_id, details: { active: true, status: link.status } }),
  } satisfies DashboardAction<{ payment_link_id: string }, Updated>,
};
