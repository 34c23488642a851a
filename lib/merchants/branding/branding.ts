import { eq, sql } from 'drizzle-orm';
import { branding, brandingLogos, merchants } from '../../platform/db/schema';
import { type PaymentMethod } from '../../platform/vocabulary';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { formatTimestamp } from '../../platform/time';
import { localeOf } from '../../platform/i18n/locale';
import { DEFAULT_PRIMARY_COLOR, readableTextColor } from './colour';
import type { UpdateBrandingInput } from './input';
import type { Branding } from './contract';
import { logoUrl, type UploadedLogo } from './logo';

type BrandingRow = typeof branding.$inferSelect;

/**
 * The branding record (docs/decisions/hosted-page.md, "Branding"), with defaults filled in and the text
 * colour computed. An uploaded logo wins over the web address: `logo_url` is then its served address,
 * so API readers see what the page shows.
 */
export function presentBranding(
  merchant: { id: string; name: string },
  row: BrandingRow | undefined,
  uploaded?: Partial<UploadedLogo> | null,
): Branding {
  const primary = row?.primaryColor ?? DEFAULT_PRIMARY_COLOR;
  return {
    merchant_id: merchant.id,
    display_name: row?.displayName ?? merchant.name,
    logo_url:
      uploaded?.sha256 && uploaded.contentType
        ? logoUrl(merchant.id, { sha256: uploaded.sha256, contentType: uploaded.contentType })
        : (row?.logoUrl ?? null),
    primary_color: primary,
    text_color: readableTextColor(primary),
    accepted_methods: (row?.acceptedMethods as PaymentMethod[] | null | undefined) ?? null,
    success_redirect_url: row?.successRedirectUrl ?? null,
    support_email: row?.supportEmail ?? null,
    support_phone: row?.supportPhone ?? null,
    default_locale: localeOf(row?.defaultLocale) ?? null,
    updated_at: formatTimestamp(row?.updatedAt ?? null),
  };
}

/** The uploaded logo's columns that name its address (never its bytes), for a left join. */
export const uploadedLogoColumns = { contentType: brandingLogos.contentType, sha256: brandingLogos.sha256 };

export async function loadBranding(db: Db, merchantId: string): Promise<Branding> {
  return (await loadBrandingParts(db, merchantId)).branding;
}

/** The record and, apart, the web address saved for the logo (the editor's field, whatever wins on the page). */
export async function loadBrandingParts(db: Db, merchantId: string) {
  const [found] = await db
    .select({ merchant: { id: merchants.id, name: merchants.name }, branding, logo: uploadedLogoColumns })
    .from(merchants)
    .leftJoin(branding, eq(branding.merchantId, merchants.id))
    .leftJoin(brandingLogos, eq(brandingLogos.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId));
  if (!found) throw notFound('Merchant');
  return {
    branding: presentBranding(found.merchant, found.branding ?? undefined, found.logo),
    logoWebAddress: found.branding?.logoUrl ?? null,
    uploadedLogo: found.logo?.sha256 ? logoUrl(merchantId, found.logo) : null,
  };
}

export async function updateBranding(db: Db, merchantId: string, input: UpdateBrandingInput): Promise<Branding> {
  const changes = {
    ...(input.display_name !== undefined && { displayName: input.display_name }),
    ...(input.logo_url !== undefined && { logoUrl: input.logo_url }),
    ...(input.primary_color !== undefined && { primaryColor: input.primary_color }),
    ...(input.accepted_methods !== undefined && { acceptedMethods: input.accepted_methods }),
    ...(input.success_redirect_url !== undefined && { successRedirectUrl: input.success_redirect_url }),
    ...(input.support_email !== undefined && { supportEmail: input.support_email }),
    ...(input.support_phone !== undefined && { supportPhone: input.support_phone }),
    ...(input.default_locale !== undefined && { defaultLocale: input.default_locale }),
  };
  await db
    .insert(branding)
    .values({ merchantId, ...changes })
    .onConflictDoUpdate({ target: branding.merchantId, set: { ...changes, updatedAt: sql`now()` } });
  return loadBranding(db, merchantId);
}
