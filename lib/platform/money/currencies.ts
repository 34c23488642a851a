/**
 * The currencies this service knows (mirrors the seed migrations 0001, 0016 and 0036) and their ISO 4217
 * exponent: how many minor-unit digits they have. The CFA francs and the Ugandan shilling have none,
 * so `1500` XOF is 1500 minor units and `1500.5` is refused.
 */
export const CURRENCY_CODES = ['GHS', 'KES', 'NGN', 'ETB', 'XOF', 'XAF', 'UGX', 'USD', 'EUR', 'GBP'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const CURRENCY_EXPONENT: Record<CurrencyCode, number> = {
  GHS: 2,
  KES: 2,
  NGN: 2,
  ETB: 2,
  XOF: 0,
  XAF: 0,
  // ISO 4217 lists UGX with exponent 0 (no cents in use).
  UGX: 0,
  USD: 2,
  EUR: 2,
  GBP: 2,
};

export function isCurrencyCode(value: string): value is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(value);
}

/** One major unit in minor units: 100 for GHS, 1 for XOF. */
export const oneUnit = (currency: CurrencyCode): bigint => 10n ** BigInt(CURRENCY_EXPONENT[currency]);
