import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/platform/db/client';
import { branding, checkouts, merchants } from '@/lib/platform/db/schema';
import { DEFAULT_PRIMARY_COLOR, readableTextColor } from '@/lib/merchants/branding/colour';

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

const REFERENCE = /^PAY-[0-9A-Z]{16}$/;
const HEX = /^#[0-9A-Fa-f]{6}$/;

export async function publicBrandFor(reference: string): Promise<PublicBrand | null> {
  if (!REFERENCE.test(reference)) return null;
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
    const primary = row.primaryColor && HEX.test(row.primaryColor) ? row.primaryColor : DEFAULT_PRIMARY_COLOR;
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
