import crypto from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
import { checkouts, events, ownerOf } from '../platform/db/schema';
import { insertBuiltOnce, insertWith } from '../platform/db/prepared';
import { config } from '../platform/config';
import { forbidden, invalidField } from '../platform/http/errors';
import { CHECKOUT_CURRENCIES_BY_KYB } from '../merchants/kyb';
import type { MerchantCtx } from '../access/endpoints';
import { eventValues, type EventSlot } from '../notifications/events/record-event';
import type { CreateCheckoutInput } from './input';
import { newPaymentReference } from './reference';
import { presentCheckoutFull, presentCheckoutPublic, type CheckoutRow } from './present';

/**
 * The checkout's row and its `checkout.created` event in one statement, its SQL built once. Every
 * value comes from here (the id, the clock, the statuses), so the event's copy of the checkout is
 * made before the row exists; only the currency's id and the redirect URL (the branding's success URL
 * at creation: later branding edits do not move old checkouts) are read by the statement, and the
 * event's `redirect_url` from the same row of branding.
 */
const insertCheckout = insertBuiltOnce(
  checkouts,
  (p) => ({
    id: p('id'),
    merchantId: p('merchantId'),
    tenantId: p('tenantId'),
    paymentReference: p('paymentReference'),
    amount: p('amount'),
    currencyId: sql`(select id from currencies where code = ${p('currency')})`,
    currencyCode: p('currency'),
    status: p('status'),
    approvalStatus: p('approvalStatus'),
    customerEmail: p('customerEmail'),
    customerName: p('customerName'),
    customerPhone: p('customerPhone'),
    customerPhoneEditable: p('customerPhoneEditable'),
    description: p('description'),
    metaData: p('metaData'),
    paymentLinkId: p('paymentLinkId'),
    redirectUrl: sql`(select success_redirect_url from branding where merchant_id = ${p('merchantId')})`,
    expiresAt: p('expiresAt'),
    createdAt: p('createdAt'),
    updatedAt: p('createdAt'),
  }),
  // Only what the statement decides: the rest of the row is this function's own values.
  { currencyId: checkouts.currencyId, redirectUrl: checkouts.redirectUrl },
);
const insertCreatedEvent = insertBuiltOnce(
  events,
  (p: (name: EventSlot) => Placeholder<EventSlot>) => ({
    ...eventValues(p),
    data: sql`jsonb_set(${p('data')}::jsonb, '{redirect_url}',
      coalesce(to_jsonb((select success_redirect_url from branding where merchant_id = ${p('merchantId')})), 'null'::jsonb))`,
  }),
  { id: events.id },
);
const insertCheckoutAndEvent = insertWith(insertCheckout, insertCreatedEvent);

/**
 * Creates a pending checkout and its `checkout.created` event in one statement, so both are written
 * or neither is (it expires by the worker's sweep, not a job of its own). Its times are this
 * process's clock (docs/decisions/checkouts.md). Returns the public shape (with the tokenised checkout_url).
 * `origin.paymentLinkId` records the payment link a customer started from (never an API input).
 */
export async function createCheckout(
  ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant'>,
  input: CreateCheckoutInput,
  origin: { paymentLinkId?: string } = {},
) {
  const { merchant } = ctx;
  if (merchant.kybStatus === 'rejected') {
    throw forbidden('This merchant account cannot accept payments (KYB rejected)', 'merchant_rejected');
  }
  const { minor: amount, currency } = input.money;
  if (!CHECKOUT_CURRENCIES_BY_KYB[merchant.kybStatus].includes(currency)) {
    throw invalidField(
      'currency_code',
      `${currency} is not available to this merchant until its business is verified (KYB ${merchant.kybStatus})`,
    );
  }

  const lifetimeMinutes = input.expires_in_minutes ?? config().DEFAULT_CHECKOUT_LIFETIME_MINUTES;
  const createdAt = new Date();
  const row: CheckoutRow = {
    id: crypto.randomUUID(),
    ...ownerOf(ctx.tenant),
    paymentReference: newPaymentReference(),
    amount,
    currencyId: '', // read by the statement; no shape shows it
    currencyCode: currency,
    status: 'pending',
    customerEmail: input.customer_email,
    customerName: input.customer_name ?? null,
    customerPhone: input.customer_phone ?? null,
    customerPhoneEditable: input.customer_phone_editable ?? true,
    customerLocale: null, // set when the customer acts on the hosted page
    description: input.description ?? null,
    paymentMethod: null,
    expiresAt: new Date(createdAt.getTime() + lifetimeMinutes * 60_000),
    paidAt: null,
    completedAt: null,
    cancelledAt: null,
    redirectUrl: null, // read by the statement, into the row and the event
    metaData: input.meta_data ?? null,
    approvalStatus: 'pending_approval',
    approvedByAdminId: null,
    approvedAt: null,
    rejectionReason: null,
    adminNotes: null,
    paymentLinkId: origin.paymentLinkId ?? null,
    createdAt,
    updatedAt: createdAt,
  };
  const [created] = await insertCheckoutAndEvent(ctx.db, {
    ...row,
    currency,
    eventType: 'checkout.created',
    resourceType: 'checkout',
    resourceId: row.id,
    data: JSON.stringify(presentCheckoutFull(row, createdAt)),
    webhookEndpointId: null,
  });
  return presentCheckoutPublic({ ...row, ...created! }, createdAt);
}
