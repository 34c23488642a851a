import { customType, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './merchants';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A logo uploaded in the dashboard (lib/merchants/branding/logo.ts): one per merchant, its type as
 * read from its first bytes and its SHA-256, which names the served address (a new logo, a new URL).
 */
export const brandingLogos = pgTable('branding_logos', {
  merchantId: uuid()
    .primaryKey()
    .references(() => merchants.id),
  contentType: text().notNull().$type<'image/png' | 'image/jpeg' | 'image/webp'>(),
  sha256: text().notNull(),
  bytes: bytea().notNull(),
  createdAt: createdAt(),
});
