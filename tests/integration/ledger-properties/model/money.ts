import { CURRENCY_EXPONENT } from '../../../../lib/platform/money/currencies';
import type { PayoutKind } from '../../../../lib/platform/vocabulary';

/**
 * The arithmetic of the model, written out independently of the product: the currencies it covers,
 * and the fees and conversion rates of the sandbox defaults (docs/decisions/money.md, the tables of docs/configuration.md). The product computes
 * them from its fee schedule and rate table; a difference fails the property.
 */

// XOF has no minor unit: the same minor-unit model covers it (1 = one franc).
export const CURRENCIES = ['GHS', 'USD', 'KES', 'XOF'] as const;
export type Cur = (typeof CURRENCIES)[number];

export const isModelCurrency = (code: string): code is Cur => CURRENCIES.some((c) => c === code);

/** A value per currency of the model. */
export const perCurrency = <T>(value: (currency: Cur) => T): Record<Cur, T> => ({
  GHS: value('GHS'),
  USD: value('USD'),
  KES: value('KES'),
  XOF: value('XOF'),
});

/** The sandbox defaults (lib/books/conversion/rates.ts, docs/configuration.md `CONVERSION_RATES`): units per USD, as a fraction. */
const PER_USD: Record<Cur, [bigint, bigint]> = {
  GHS: [1550n, 100n],
  USD: [1n, 1n],
  KES: [12900n, 100n],
  XOF: [60348n, 100n],
};

/** 1.00 %, half up, never more than the amount: the sandbox fee for bank-transfer deposits and conversions. */
export const onePercent = (amount: bigint) => {
  const fee = (amount + 50n) / 100n;
  return fee > amount ? amount : fee;
};

/** What a deposit of `amount` brings into the wallet: the amount less its fee. */
export const netOf = (amount: bigint) => amount - onePercent(amount);

/** Minor units of `to` that `net` minor units of `from` buy, rounded down. */
export function converted(from: Cur, to: Cur, net: bigint) {
  const [fromNum, fromDen] = PER_USD[from];
  const [toNum, toDen] = PER_USD[to];
  // Minor units differ in size between currencies: 1 XOF minor unit is one franc, 1 GHS minor unit a pesewa.
  const shift = CURRENCY_EXPONENT[to] - CURRENCY_EXPONENT[from];
  const up = 10n ** BigInt(Math.max(0, shift));
  const down = 10n ** BigInt(Math.max(0, -shift));
  return (net * toNum * fromDen * up) / (toDen * fromNum * down);
}

export type PayoutType = 'bank_transfer' | 'mobile_money';

/**
 * The fee of a withdrawal or payout, charged on top (the wallet gives amount + fee), so not capped at
 * the amount: the sandbox defaults (lib/platform/settings/fee-schedule.ts, docs/configuration.md `FEE_SCHEDULE`) written out.
 * Withdrawals (to the merchant's own account) are free; a payout by bank transfer costs a fixed 100
 * minor units (1.00, or 100 XOF: a 0.01 payout costs 0.01 + 1.00); by mobile money 0.50 %, half up,
 * at least one minor unit.
 */
export function moneyOutFee(kind: PayoutKind, type: PayoutType, amount: bigint): bigint {
  if (kind === 'withdrawal') return 0n;
  if (type === 'bank_transfer') return 100n;
  const fee = (amount * 50n + 5_000n) / 10_000n;
  return fee < 1n ? 1n : fee;
}

/** The most that can be sent from `available` with its fee on top (amount + fee ≤ available). */
export function mostAffordable(available: bigint, fee: (amount: bigint) => bigint) {
  let lo = 0n;
  let hi = available;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (mid + fee(mid) <= available) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}
