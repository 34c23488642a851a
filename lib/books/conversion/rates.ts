import { CURRENCY_EXPONENT, type CurrencyCode } from '../../platform/money/currencies';
import { divideToText, parseDecimal } from '../../platform/money/decimal';

export interface ConversionPrice {
  /** Units of `to` per unit of `from`, 10 decimals, rounded down. */
  rate: string;
  toAmount: bigint;
}

/**
 * Converts `fromMinor` (already net of the fee) at the table's cross rate. The result is rounded
 * down to the minor unit: never in the merchant's favour, and short by less than one minor unit.
 */
export function convert(
  rates: Record<CurrencyCode, string>,
  from: CurrencyCode,
  to: CurrencyCode,
  fromMinor: bigint,
): ConversionPrice {
  const perUsdFrom = parseDecimal(rates[from])!;
  const perUsdTo = parseDecimal(rates[to])!;
  // rate = (to.digits / 10^to.scale) / (from.digits / 10^from.scale)
  const rateNumerator = perUsdTo.digits * 10n ** BigInt(perUsdFrom.scale);
  const rateDenominator = perUsdFrom.digits * 10n ** BigInt(perUsdTo.scale);
  // Minor units of `to` = fromMinor / 10^expFrom × rate × 10^expTo.
  const exponentShift = CURRENCY_EXPONENT[to] - CURRENCY_EXPONENT[from];
  const numerator = fromMinor * rateNumerator * (exponentShift > 0 ? 10n ** BigInt(exponentShift) : 1n);
  const denominator = rateDenominator * (exponentShift < 0 ? 10n ** BigInt(-exponentShift) : 1n);
  return { rate: divideToText(rateNumerator, rateDenominator, 10), toAmount: numerator / denominator };
}
