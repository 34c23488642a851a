import { getTableColumns, sql } from 'drizzle-orm';
import { checkouts, ownerOf } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { insertBuiltOnce } from '../platform/db/prepared';
import { config } from '../platform/config';
import { forbidden, invalidField } from '../platform/http/errors';
import { CHECKOUT_CURRENCIES_BY_KYB } from '../merchants/kyb';
import type { MerchantCtx } from '../access/endpoints';
import { recordEvent } from '../notifications/events/record-event';
import type { CreateCheckoutInput } from './input';
import { newPaymentReference } from './reference';
import { presentCheckoutFull, publicPartOf } from './present';

/** The checkout's row, its SQL built once: a create runs in a transaction, on a handle of its own. */
const insertCheckout = insertBuiltOnce(
  checkouts,
  (p) => ({
    merchantId: p('merchantId'),
    tenantId: p('tenantId'),
    paymentReference: p('paymentReference'),
    amount: p('amount'),
    currencyId: sql`(select id from currencies where code = ${p('currency')})`,
    currencyCode: p('currency'),
    customerEmail: p('customerEmail'),
    customerName: p('customerName'),
    customerPhone: p('customerPhone'),
    customerPhoneEditable: p('customerPhoneEditable'),
    description: p('description'),
    metaData: p('metaData'),
    // The branding's success URL at creation time: later branding edits do not move old checkouts.
    redirectUrl: sql`(select success_redirect_url from branding where merchant_id = ${p('merchantId')})`,
    expiresAt: sql`now() + make_interval(mins => ${p('lifetimeMinutes')})`,
  }),
  getTableColumns(checkouts),
);

/**
 * Creates a pending checkout and its `checkout.created` event in one transaction (it expires by the
 * worker's sweep, not a job of its own). Returns the public shape (with the tokenised checkout_url).
 */
export async function createCheckout(ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant'>, input: CreateCheckoutInput) {
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

  const full = await ctx.db.transaction(async (tx: Db) => {
    const [created] = await insertCheckout(tx, {
      ...ownerOf(ctx.tenant),
      paymentReference: newPaymentReference(),
      amount,
      currency,
      customerEmail: input.customer_email,
      customerName: input.customer_name ?? null,
      customerPhone: input.customer_phone ?? null,
      customerPhoneEditable: input.customer_phone_editable ?? true,
      description: input.description ?? null,
      metaData: input.meta_data ?? null,
      lifetimeMinutes,
    });
    const data = presentCheckoutFull(created!);
    await recordEvent(tx, {
      ...ownerOf(ctx.tenant),
      eventType: 'checkout.created',
      resourceType: 'checkout',
      resourceId: created!.id,
      data,
    });
    return data;
  });
  return publicPartOf(full);
}
