import { cache } from 'react';
import { headers } from 'next/headers';
import {
  directionOf,
  isPeopleLocale,
  LOCALE_REQUEST_HEADER,
  PEOPLE_PAGE_HEADER,
  type Locale,
  type PeopleLocale,
} from '@/lib/platform/i18n/locale';
import { customerPageLocale } from '../(checkout)/customer-page-locale';
import { chosenLocale } from '@/lib/surfaces/dashboard/people';

/**
 * The language of a sign-in, dashboard or console page: the one the signed-in person chose (kept on
 * their account, so it wins over the address and the browser), else the one proxy.ts read from
 * `?locale=` or Accept-Language. Once per request.
 */
export const pageLocale = cache(async (): Promise<PeopleLocale> => {
  const requestHeaders = await headers();
  const chosen = await chosenLocale(requestHeaders);
  if (chosen) return chosen;
  const asked = requestHeaders.get(LOCALE_REQUEST_HEADER);
  return isPeopleLocale(asked) ? asked : 'en';
});

/** `<html lang dir>`: the person's language on their pages; on a customer's page, the customer's. */
export async function documentLocale(): Promise<{ lang: Locale; dir: 'ltr' | 'rtl' }> {
  const requestHeaders = await headers();
  const lang = requestHeaders.get(PEOPLE_PAGE_HEADER) === '1' ? await pageLocale() : await customerPageLocale();
  return { lang, dir: directionOf(lang) };
}
