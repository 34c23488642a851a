import { z } from 'zod';
import { documented } from '../documented';
import { CURRENCY_EXPONENT, type CurrencyCode } from './currencies';

/**
 * Money is a bigint of minor units everywhere inside; JSON numbers in major units only at the edge.
 * Conversion goes through the number's shortest decimal text (what JSON carried), never through float
 * arithmetic, so 12.34 is exactly 1234 and 0.1 + 0.2 never happens.
 */

/** 999,999,999,999.99: every amount stays exactly representable as a JSON number (< 2^53). */
export const MAX_MINOR_UNITS = 99_999_999_999_999n;

export type AmountProblem = 'not_a_number' | 'not_positive' | 'too_many_decimals' | 'too_large';

export function toMinorUnits(amount: number, currency: CurrencyCode): bigint | AmountProblem {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return 'not_a_number';
  if (amount <= 0) return 'not_positive';
  const exponent = CURRENCY_EXPONENT[currency];
  const text = String(amount);
  // Exponent notation only appears for very large or very small numbers: both are out of range.
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text.includes('e-') ? 'too_many_decimals' : 'too_large';
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > exponent) return 'too_many_decimals';
  const minor = BigInt(whole + fraction.padEnd(exponent, '0'));
  if (minor > MAX_MINOR_UNITS) return 'too_large';
  return minor;
}

/** Minor units → the JSON number for the API (exact: built from decimal text, not by division). */
export function toMajorUnits(minor: bigint, currency: CurrencyCode): number {
  const exponent = CURRENCY_EXPONENT[currency];
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return Number(`${negative ? '-' : ''}${whole}.${fraction || '0'}`);
}

const AMOUNT_MESSAGES: Record<AmountProblem, (currency: CurrencyCode) => string> = {
  not_a_number: () => 'must be a number',
  not_positive: () => 'must be greater than zero',
  too_many_decimals: (c) => `has more decimals than ${c} allows (${CURRENCY_EXPONENT[c]})`,
  too_large: () => `must be at most ${toMajorUnits(MAX_MINOR_UNITS, 'USD')}`,
};

export const amountProblemMessage = (problem: AmountProblem, currency: CurrencyCode) =>
  AMOUNT_MESSAGES[problem](currency);

/**
 * What is wrong with an amount whatever its currency turns out to be (the finest one's decimals), so
 * a request can be refused with a 422 before anything is looked up; null when it may be fine.
 */
export function amountProblemInAnyCurrency(amount: number): { problem: AmountProblem; currency: CurrencyCode } | null {
  const finest = (Object.keys(CURRENCY_EXPONENT) as CurrencyCode[]).reduce((a, b) =>
    CURRENCY_EXPONENT[b] > CURRENCY_EXPONENT[a] ? b : a,
  );
  const minor = toMinorUnits(amount, finest);
  return typeof minor === 'bigint' ? null : { problem: minor, currency: finest };
}

/** The JSON shape of an amount before the currency is known: a finite positive number. */
export const amountNumber = documented(z.number({ error: 'must be a number' }), {
  type: 'number',
  exclusiveMinimum: 0,
  maximum: toMajorUnits(MAX_MINOR_UNITS, 'USD'),
  description: `In major units, with no more decimals than the currency has (2; none for ${Object.entries(
    CURRENCY_EXPONENT,
  )
    .filter(([, exponent]) => exponent === 0)
    .map(([code]) => code)
    .join(', ')}): a 422 says which rule failed`,
});
