/**
 * Exact decimal text ↔ scaled bigints, for rates (never for floats). "15.5" → { digits: 155n, scale: 1 }.
 */
export interface Decimal {
  digits: bigint;
  scale: number;
}

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return { digits: BigInt(whole + fraction), scale: fraction.length };
}

/** numerator / denominator as decimal text with `places` digits after the point, rounded down. */
export function divideToText(numerator: bigint, denominator: bigint, places: number): string {
  const scaled = (numerator * 10n ** BigInt(places)) / denominator;
  if (places === 0) return scaled.toString();
  const digits = scaled.toString().padStart(places + 1, '0');
  return `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
}
