import { LANGUAGES } from './languages';

/**
 * Which language a page speaks. Pure functions with no server or browser dependency, for the proxy
 * and the server components; client components import the types only (this module carries every
 * catalogue through languages.ts).
 */
export type Locale = keyof typeof LANGUAGES;
export const LOCALES = Object.keys(LANGUAGES) as Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}

/** The languages of the dashboard, the console and the team's mail (a person's own choice). */
export const PEOPLE_LOCALES = ['en', 'fr'] as const satisfies readonly Locale[];
export type PeopleLocale = (typeof PEOPLE_LOCALES)[number];
export function isPeopleLocale(value: unknown): value is PeopleLocale {
  return typeof value === 'string' && (PEOPLE_LOCALES as readonly string[]).includes(value);
}

/** What a picker shows for each language: its code, its own name and its direction. */
export interface LanguageChoice {
  code: Locale;
  name: string;
  dir: 'ltr' | 'rtl';
}
export const languageChoices = (): LanguageChoice[] =>
  LOCALES.map((code) => ({ code, name: LANGUAGES[code].name, dir: LANGUAGES[code].dir }));
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => LANGUAGES[locale].dir;

/** A single choice (`?locale=`, a cookie): trimmed, lower case, a known language; else null. */
export function localeOf(value: string | string[] | null | undefined): Locale | null {
  const given = (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase();
  return isLocale(given) ? given : null;
}

/**
 * The best supported locale for an `Accept-Language` header (`fr-CA,fr;q=0.9,en;q=0.8` → `fr`):
 * language ranges by quality, first match of the primary subtag wins; `*` and unknown → null.
 */
export function fromAcceptLanguage(
  header: string | null | undefined,
  among: readonly Locale[] = LOCALES,
): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.tag && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const primary = range.tag.split('-')[0];
    if (isLocale(primary) && among.includes(primary)) return primary;
  }
  return null;
}

/**
 * The language as far as the request tells, most explicit first: a choice made on the page
 * (`?locale=`, then the one remembered for this checkout), then the browser's Accept-Language; null
 * when none names a language of the catalogue (or of `among`; the merchant's default decides then).
 */
export function requestedLocale(
  choice: { asked?: string | string[] | null; remembered?: string | null },
  acceptLanguage: string | null | undefined,
  among: readonly Locale[] = LOCALES,
): Locale | null {
  const own = (value: string | string[] | null | undefined) => {
    const locale = localeOf(value);
    return locale && among.includes(locale) ? locale : null;
  };
  return own(choice.asked) ?? own(choice.remembered) ?? fromAcceptLanguage(acceptLanguage, among);
}

/** The request's language (requestedLocale), else the merchant's default, else English. */
export function resolveLocale(
  choice: { asked?: string | string[] | null; remembered?: string | null },
  acceptLanguage: string | null | undefined,
  merchantDefault?: string | null,
): Locale {
  return requestedLocale(choice, acceptLanguage) ?? localeOf(merchantDefault) ?? DEFAULT_LOCALE;
}

/** The request header the proxy sets with the language the request asks for (the layout's `<html lang>`). */
export const LOCALE_REQUEST_HEADER = 'x-checkout-locale';

/** Set by the proxy ('1') on the pages of people with an account, whose own chosen language wins. */
export const PEOPLE_PAGE_HEADER = 'x-people-page';

/** Set by the proxy on a customer's page: its path (`/pay/<reference>`, `/l/<slug>`); empty elsewhere. */
export const CUSTOMER_PAGE_HEADER = 'x-customer-page';
