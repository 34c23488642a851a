import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { brandingLogos } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { invalidField, notFound, unprocessable } from '../../platform/http/errors';
import { LOGO_TYPES, logoRefusal, sniffLogoType, type LogoType } from './logo-rules';

/** What the branding record needs of an uploaded logo to name its address. */
export interface UploadedLogo {
  contentType: LogoType;
  sha256: string;
}

export interface LogoUpload extends UploadedLogo {
  bytes: Buffer;
}

/** Where an uploaded logo is served, on the hosted page's host; its hash in the name, so it can be cached for good. */
export const logoPath = (merchantId: string, logo: UploadedLogo) =>
  `/brand/${merchantId}/${logo.sha256}.${LOGO_TYPES[logo.contentType]}`;

export const logoUrl = (merchantId: string, logo: UploadedLogo) =>
  `${config().CHECKOUT_BASE_URL}${logoPath(merchantId, logo)}`;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The dashboard's upload field (the file's bytes in base64, as the editor reads them) as a logo, or
 * a 422 on `logo_file` naming why (logo-rules.ts): the type from the bytes alone.
 */
export function readLogoUpload(base64: string | undefined): LogoUpload {
  const text = (base64 ?? '').replace(/\s+/g, '');
  if (!BASE64.test(text)) throw invalidField('logo_file', 'not_an_image');
  const bytes = Buffer.from(text, 'base64');
  const refusal = logoRefusal(bytes);
  const contentType = sniffLogoType(bytes);
  if (refusal || !contentType)
    throw unprocessable(
      [{ field: 'logo_file', message: refusal ?? 'not_an_image' }],
      'The logo must be a PNG, JPEG or WebP image of at most 512 KB',
    );
  return { bytes, contentType, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
}

/** Stores the merchant's logo, replacing the one before. */
export async function saveLogo(db: Db, merchantId: string, logo: LogoUpload): Promise<UploadedLogo> {
  const row = { contentType: logo.contentType, sha256: logo.sha256, bytes: logo.bytes };
  await db
    .insert(brandingLogos)
    .values({ merchantId, ...row })
    .onConflictDoUpdate({ target: brandingLogos.merchantId, set: { ...row, createdAt: sql`now()` } });
  return { contentType: logo.contentType, sha256: logo.sha256 };
}

/** Removes the uploaded logo (the web address, if any, shows again); a 404 when there is none. */
export async function removeLogo(db: Db, merchantId: string): Promise<UploadedLogo> {
  const [gone] = await db
    .delete(brandingLogos)
    .where(eq(brandingLogos.merchantId, merchantId))
    .returning({ contentType: brandingLogos.contentType, sha256: brandingLogos.sha256 });
  if (!gone) throw notFound('Uploaded logo');
  return gone;
}

export async function loadUploadedLogo(db: Db, merchantId: string): Promise<UploadedLogo | null> {
  const [found] = await db
    .select({ contentType: brandingLogos.contentType, sha256: brandingLogos.sha256 })
    .from(brandingLogos)
    .where(eq(brandingLogos.merchantId, merchantId));
  return found ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

/** The logo a served address names, if it is still the merchant's current one (an old hash is gone). */
export async function servedLogo(
  db: Db,
  merchantId: string,
  file: string,
): Promise<{ contentType: LogoType; bytes: Buffer } | null> {
  const name = FILE.exec(file);
  if (!UUID.test(merchantId) || !name) return null;
  const [found] = await db
    .select({ contentType: brandingLogos.contentType, bytes: brandingLogos.bytes })
    .from(brandingLogos)
    .where(and(eq(brandingLogos.merchantId, merchantId), eq(brandingLogos.sha256, name[1]!)));
  return found && LOGO_TYPES[found.contentType] === name[2] ? found : null;
}
