/** The currencies this service knows (mirrors the seed migration); all have two minor-unit digits. */
export const CURRENCY_CODES = ['GHS', 'KES', 'NGN', 'ETB', 'USD', 'EUR', 'GBP'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const CURRENCY_EXPONENT: Record<CurrencyCode, number> = {
  GHS: 2,
  KES: 2,
  NGN: 2,
  ETB: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
};

export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value);
}
