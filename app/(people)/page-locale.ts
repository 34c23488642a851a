import { cache } from 'react';
import { headers } from 'next/headers';
import { isLocale, LOCALE_REQUEST_HEADER, PEOPLE_PAGE_HEADER, type Locale } from '@/lib/platform/i18n/locale';
import { chosenLocale } from '@/lib/surfaces/dashboard/people';

/**
 * The language of a sign-in, dashboard or console page: the one the signed-in person chose (kept on
 * their account, so it wins over the address and the browser), else the one proxy.ts read from
 * `?locale=` or Accept-Language. Once per request.
 */
export const pageLocale = cache(async (): Promise<Locale> => {
  const requestHeaders = await headers();
  const chosen = await chosenLocale(requestHeaders);
  if (chosen) return chosen;
  const asked = requestHeaders.get(LOCALE_REQUEST_HEADER);
  return isLocale(asked) ? asked : 'en';
});

/** `<html lang>`: the person's language on their pages; on the hosted page (/pay), the customer's. */
export async function documentLocale(): Promise<Locale> {
  const requestHeaders = await headers();
  if (requestHeaders.get(PEOPLE_PAGE_HEADER) === '1') return pageLocale();
  const asked = requestHeaders.get(LOCALE_REQUEST_HEADER);
  return isLocale(asked) ? asked : 'en';
}
