import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { checkouts } from '../../platform/db/schema';
import { LOCALE_REQUEST_HEADER, resolveLocale } from '../../platform/i18n/locale';
import type { CheckoutRow } from '../../checkout/present';

/**
 * The language the customer acts in on the hosted page, kept on the checkout for their receipt and
 * refund mails: the page sends its own locale (`x-checkout-locale`, what the proxy resolved for it),
 * else the browser's Accept-Language decides, else English. Written only when it changes.
 */
export async function rememberCustomerLocale(db: Db, checkout: CheckoutRow, headers: Headers): Promise<void> {
  const locale = resolveLocale({ asked: headers.get(LOCALE_REQUEST_HEADER) }, headers.get('accept-language'));
  if (checkout.customerLocale === locale) return;
  await db
    .update(checkouts)
    .set({ customerLocale: locale })
    .where(and(eq(checkouts.id, checkout.id), sql`${checkouts.customerLocale} is distinct from ${locale}`));
}
