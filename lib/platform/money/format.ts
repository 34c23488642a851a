import { CURRENCY_EXPONENT, type CurrencyCode } from './currencies';

/** Minor units as an exact decimal string: 12550n GHS → "125.50", 1500n XOF → "1500". */
export function minorToDecimalText(minor: bigint, currency: CurrencyCode): string {
  const places = CURRENCY_EXPONENT[currency];
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(places + 1, '0');
  return places === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * An amount for people to read in their language ("GHS 1,250.50", "1 250,50 GHS"): Intl.NumberFormat
 * given the exact decimal string, so no float ever touches the money.
 */
export function formatMoney(minor: bigint, currency: CurrencyCode, locale: string): string {
  const places = CURRENCY_EXPONENT[currency];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(minorToDecimalText(minor, currency) as Intl.StringNumericLiteral);
}
