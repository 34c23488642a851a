import { z } from 'zod';
import { CURRENCY_CODES } from '../money/currencies';

/**
 * FEE_SCHEDULE, the fee schedule as the operator sets it (lib/books/fees.ts applies it): per operation and currency, a percentage (in basis points) plus a fixed part, with
 * an optional floor and ceiling, all in minor units of the currency charged (1 = GHS 0.01 = XOF 1). A
 * rule for the exact currency beats a `*` rule. Percentages round half up to the minor unit; a fee
 * taken out of an amount never exceeds it.
 */
export const FEE_OPERATIONS = [
  'deposit.mobile_money',
  'deposit.bank_transfer',
  'conversion',
  'withdrawal.bank_transfer',
  'withdrawal.mobile_money',
  'payout.bank_transfer',
  'payout.mobile_money',
] as const;
export type FeeOperation = (typeof FEE_OPERATIONS)[number];

const minorUnits = z.number().int().min(0).max(1_000_000_000);

export const feeRule = z.strictObject({
  operation: z.enum(FEE_OPERATIONS),
  currency: z.enum([...CURRENCY_CODES, '*']),
  /** 150 = 1.50 %. */
  percent_bps: z.number().int().min(0).max(10_000).default(0),
  fixed_minor: minorUnits.default(0),
  min_minor: minorUnits.optional(),
  max_minor: minorUnits.optional(),
});
export type FeeRule = z.output<typeof feeRule>;

/** Sandbox defaults (docs/configuration.md is generated from them); `FEE_SCHEDULE` replaces them as a whole. */
export const DEFAULT_FEE_SCHEDULE: FeeRule[] = [
  { operation: 'deposit.mobile_money', currency: '*', percent_bps: 150, fixed_minor: 0 },
  { operation: 'deposit.bank_transfer', currency: '*', percent_bps: 100, fixed_minor: 0 },
  { operation: 'conversion', currency: '*', percent_bps: 100, fixed_minor: 0 },
  // Moving one's own money to one's own account is free; sending it to third parties is not.
  { operation: 'withdrawal.bank_transfer', currency: '*', percent_bps: 0, fixed_minor: 0 },
  { operation: 'withdrawal.mobile_money', currency: '*', percent_bps: 0, fixed_minor: 0 },
  { operation: 'payout.bank_transfer', currency: '*', percent_bps: 0, fixed_minor: 100 },
  // 0.5 % rounds to nothing below 1.00 (1 for XOF/XAF): a payout always costs at least one minor unit.
  { operation: 'payout.mobile_money', currency: '*', percent_bps: 50, fixed_minor: 0, min_minor: 1 },
];

/** `FEE_SCHEDULE`: a JSON array of rules; every operation needs a rule (a `*` one at least). */
export const feeScheduleSetting = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of fee rules' });
      return z.NEVER;
    }
  })
  .pipe(z.array(feeRule, { error: 'must be a JSON array of fee rules' }))
  .refine(
    (rules) => FEE_OPERATIONS.every((op) => rules.some((r) => r.operation === op && r.currency === '*')),
    `must have a "*" rule for every operation (${FEE_OPERATIONS.join(', ')})`,
  );
