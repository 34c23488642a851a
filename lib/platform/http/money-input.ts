import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies';
import { readMoney, type Money } from '../money/money';
import { documented } from '../documented';
import { invalidField } from './errors';

/** A currency code in a request, any case (`ghs` → `GHS`); an unknown code is a 422. */
export const currencyInput = documented(
  z
    .string({ error: 'must be a currency code' })
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(CURRENCY_CODES, { error: `must be a supported currency code (${CURRENCY_CODES.join(', ')})` })),
  { type: 'string', enum: [...CURRENCY_CODES], description: 'ISO 4217 code (any letter case is read as upper case)' },
);

/**
 * In a request schema's transform: the request's amount and currency as one Money. A refusal (more
 * decimals than the currency has, zero, negative, too large) is a 422 naming `path`.
 */
export function moneyIn(
  ctx: z.RefinementCtx,
  amount: number,
  currency: CurrencyCode,
  path: PropertyKey[] = ['amount'],
): Money {
  const money = readMoney(amount, currency);
  if ('problem' in money) {
    ctx.addIssue({ code: 'custom', path, message: money.problem });
    return z.NEVER;
  }
  return money;
}

/** An amount whose currency comes from a stored row (a refund of a deposit): the Money, or a 422 naming `field`. */
export function requireMoney(amount: number, currency: CurrencyCode, field = 'amount'): Money {
  const money = readMoney(amount, currency);
  if ('problem' in money) throw invalidField(field, money.problem);
  return money;
}
