import { cache } from 'react';
import { headers } from 'next/headers';
import { describePublicLink } from '@/lib/checkout/links/public';
import { firstScreenFor } from '@/lib/collections/hosted-page/first-screen';
import { getDb } from '@/lib/platform/db/client';
import {
  CUSTOMER_PAGE_HEADER,
  LOCALE_REQUEST_HEADER,
  localeOf,
  resolveLocale,
  type Locale,
} from '@/lib/platform/i18n/locale';

/** What the hosted page's server may know of a checkout from its reference; once per request. */
export const firstScreen = cache(firstScreenFor);
/** A payment link's public face; once per request. */
export const linkOf = cache((slug: string) => describePublicLink(getDb(), slug));
// The proxy sets the header below on every customer's page; a request it did not see (a prefetch)
// has no header, or one the client wrote: it can only name a language or a page, never more.

/**
 * The language of a customer's page (the hosted page, a payment link's page), for the page and for
 * `<html lang dir>` alike: what proxy.ts read from the request (the customer's choice, then their
 * browser), else the merchant's default language (branding), else English. Once per request.
 */
export const customerPageLocale = cache(async (): Promise<Locale> => {
  const requestHeaders = await headers();
  const fromRequest = localeOf(requestHeaders.get(LOCALE_REQUEST_HEADER));
  if (fromRequest) return fromRequest;
  // The path as proxy.ts wrote it (letters, digits, dashes); anything else looks nothing up.
  const [, kind, id] = /^\/(pay|l)\/([A-Za-z0-9-]{1,64})$/.exec(requestHeaders.get(CUSTOMER_PAGE_HEADER) ?? '') ?? [];
  const merchantDefault =
    kind === 'pay' && id
      ? (await firstScreen(id))?.brand.defaultLocale
      : kind === 'l' && id
        ? (await linkOf(id))?.branding.default_locale
        : null;
  return resolveLocale({}, null, merchantDefault);
});
