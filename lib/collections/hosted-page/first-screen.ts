import { eq } from 'drizzle-orm';
import { getDb } from '../../platform/db/client';
import { branding, checkouts, merchants } from '../../platform/db/schema';
import { DEFAULT_PRIMARY_COLOR, HEX_COLOUR, readableTextColor } from '../../merchants/branding/colour';
import { PAYMENT_REFERENCE } from '../../checkout/reference';

/**
 * What a link preview (and the page's first paint) may show of a checkout known only by its
 * reference, with no token: the merchant's name and colours. Never the amount, the status or
 * anything about the customer — unfurlers and mail scanners fetch links without the token.
 */
export interface PublicBrand {
  displayName: string;
  primaryColor: string;
  textColor: string;
  logoUrl: string | null;
}

export async function publicBrandFor(reference: string): Promise<PublicBrand | null> {
  if (!PAYMENT_REFERENCE.test(reference)) return null;
  try {
    const [row] = await getDb()
      .select({
        merchantName: merchants.name,
        displayName: branding.displayName,
        primaryColor: branding.primaryColor,
        logoUrl: branding.logoUrl,
      })
      .from(checkouts)
      .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
      .leftJoin(branding, eq(branding.merchantId, checkouts.merchantId))
      .where(eq(checkouts.paymentReference, reference))
      .limit(1);
    if (!row) return null;
    const primary = row.primaryColor && HEX_COLOUR.test(row.primaryColor) ? row.primaryColor : DEFAULT_PRIMARY_COLOR;
    return {
      displayName: row.displayName ?? row.merchantName,
      primaryColor: primary,
      textColor: readableTextColor(primary),
      logoUrl: row.logoUrl && row.logoUrl.startsWith('https://') ? row.logoUrl : null,
    };
  } catch {
    // A preview or a first paint without branding is better than an error page.
    return null;
  }
}
