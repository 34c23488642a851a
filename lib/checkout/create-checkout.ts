import { sql } from 'drizzle-orm';
import { checkouts, ownerOf } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { config } from '../platform/config';
import { forbidden, invalidField } from '../platform/http/errors';
import { CHECKOUT_CURRENCIES_BY_KYB } from '../merchants/kyb';
import type { MerchantCtx } from '../access/endpoints';
import { recordEvent } from '../notifications/events/record-event';
import type { CreateCheckoutInput } from './input';
import { newPaymentReference } from './reference';
import { presentCheckoutFull, presentCheckoutPublic } from './present';

/**
 * Creates a pending checkout, its `checkout.created` event and its expiry job in one transaction.
 * Returns the public shape (with the tokenised checkout_url).
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

  const row = await ctx.db.transaction(async (tx: Db) => {
    const [created] = await tx
      .insert(checkouts)
      .values({
        ...ownerOf(ctx.tenant),
        paymentReference: newPaymentReference(),
        amount,
        currencyId: sql`(select id from currencies where code = ${currency})`,
        currencyCode: currency,
        customerEmail: input.customer_email,
        customerName: input.customer_name ?? null,
        customerPhone: input.customer_phone ?? null,
        customerPhoneEditable: input.customer_phone_editable ?? true,
        description: input.description ?? null,
        metaData: input.meta_data ?? null,
        // The branding's success URL at creation time: later branding edits do not move old checkouts.
        redirectUrl: sql`(select success_redirect_url from branding where merchant_id = ${merchant.id})`,
        expiresAt: sql`now() + make_interval(mins => ${lifetimeMinutes})`,
      })
      .returning();
    await recordEvent(tx, {
      ...ownerOf(ctx.tenant),
      eventType: 'checkout.created',
      resourceType: 'checkout',
      resourceId: created!.id,
      data: presentCheckoutFull(created!),
    });
    return created!;
  });
  return presentCheckoutPublic(row);
}
