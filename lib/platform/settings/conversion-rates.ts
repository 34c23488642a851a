import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies';
import { parseDecimal } from '../money/decimal';

/**
 * The rate table: units of each currency per one US dollar, as decimal text. A cross rate is the
 * ratio of two entries, computed exactly with bigints. Sandbox defaults below (docs/configuration.md is generated from them);
 * `CONVERSION_RATES` replaces them.
 */
export const DEFAULT_CONVERSION_RATES: Record<CurrencyCode, string> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  GHS: '15.50',
  KES: '129.00',
  NGN: '1550.00',
  ETB: '150.00',
  // Both CFA francs are pegged at 655.957 to the euro.
  XOF: '603.48',
  XAF: '603.48',
  UGX: '3700',
};

export const conversionRatesSetting = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of currency → units per USD' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.enum(CURRENCY_CODES),
      z
        .string()
        .refine((v) => (parseDecimal(v)?.digits ?? 0n) > 0n, 'rates must be positive decimal strings like "15.50"'),
      { error: 'must be a JSON object of currency → units per USD' },
    ),
  )
  .refine(
    (rates) => CURRENCY_CODES.every((c) => c in rates),
    `must have a rate for each of ${CURRENCY_CODES.join(', ')}`,
  )
  .transform((rates) => rates as Record<CurrencyCode, string>);
