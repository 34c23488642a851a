import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { merchants } from './merchants';

/** How the hosted page presents a merchant. One row per merchant, created on first update. */
export const branding = pgTable(
  'branding',
  {
    merchantId: uuid()
      .primaryKey()
      .references(() => merchants.id),
    displayName: text(),
    logoUrl: text(),
    primaryColor: text(),
    /** null = every method the currency and KYB allow. */
    acceptedMethods: text().array(),
    successRedirectUrl: text(),
    supportEmail: text(),
    supportPhone: text(),
    /** The page's language when neither the customer's choice nor their browser names one; null: English. */
    defaultLocale: text(),
    updatedAt: updatedAt(),
  },
  (t) => [check('branding_default_locale_check', sql`${t.defaultLocale} ~ '^[a-z]{2,3}$'`)],
);
