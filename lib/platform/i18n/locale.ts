/**
 * Locales of the hosted checkout page. Pure functions with no server or browser dependency, so the
 * proxy, the server components and the client can all use them.
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best supported locale for an `Accept-Language` header (`fr-CA,fr;q=0.9,en;q=0.8` → `fr`):
 * language ranges by quality, first match of the primary subtag wins; `*` and unknown → null.
 */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
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
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** `?locale=fr|en` first, then `Accept-Language`, then English. */
export function resolveLocale(
  param: string | string[] | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  const given = Array.isArray(param) ? param[0] : param;
  const normalised = given?.trim().toLowerCase();
  if (isLocale(normalised)) return normalised;
  return fromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The request header the proxy sets so the root layout can write `<html lang>` for /pay pages. */
export const LOCALE_REQUEST_HEADER = 'x-checkout-locale';

/** Set by the proxy ('1') on the pages of people with an account, whose own chosen language wins. */
export const PEOPLE_PAGE_HEADER = 'x-people-page';
