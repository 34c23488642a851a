import { cache } from 'react';
import { headers } from 'next/headers';
import { describePublicLink } from '@/lib/checkout/links/public';
import { firstScreenFor } from '@/lib/collections/hosted-page/first-screen';
import { getDb } from '@/lib/platform/db/client';
import {
  CUSTOMER_PAGE_HEADER,
  DEFAULT_LOCALE,
  LOCALE_REQUEST_HEADER,
  localeOf,
  type Locale,
} from '@/lib/platform/i18n/locale';

/** What the hosted page's server may know of a checkout from its reference; once per request. */
export const firstScreen = cache(firstScreenFor);
/** A payment link's public face; once per request. */
export const linkOf = cache((slug: string) => describePublicLink(getDb(), slug));

/**
 * The language of a customer's page (the hosted page, a payment link's page), for the page and for
 * `<html lang dir>` alike: what proxy.ts read from the request (the customer's choice, then their
 * browser), else the merchant's default language (branding), else English. Once per request.
 */
export const customerPageLocale = cache(async (): Promise<Locale> => {
  const requestHeaders = await headers();
  const fromRequest = localeOf(requestHeaders.get(LOCALE_REQUEST_HEADER));
  if (fromRequest) return fromRequest;
  const [, kind, id] = /^\/(pay|l)\/([^/]+)/.exec(requestHeaders.get(CUSTOMER_PAGE_HEADER) ?? '') ?? [];
  const merchantDefault =
    kind === 'pay' && id
      ? (await firstScreen(decodeURIComponent(id)))?.brand.defaultLocale
      : kind === 'l' && id
        ? (await linkOf(decodeURIComponent(id)))?.branding.default_locale
        : null;
  return localeOf(merchantDefault) ?? DEFAULT_LOCALE;
});
