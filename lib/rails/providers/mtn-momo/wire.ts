import { CURRENCY_EXPONENT, isCurrencyCode, oneUnit, type CurrencyCode } from '../../../platform/money/currencies';
import { divideToText, parseDecimal } from '../../../platform/money/decimal';

/** How values are written on MTN's wire, both ways, exactly (no floats anywhere). */

/** MTN demands a UUID version 4 as `X-Reference-Id`, or answers 400 [MTN-ERR]. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuidV4 = (value: string) => UUID_V4.test(value);

/**
 * Minor units → MTN's `amount`: a string in major units, shortest exact form ("10", "10.5", "10.55").
 * MTN documents no number of decimals; its own examples are whole ("100", "5"), so trailing zeros go.
 */
export function toMtnAmount(amount: bigint, currency: CurrencyCode): string {
  const text = divideToText(amount, oneUnit(currency), CURRENCY_EXPONENT[currency]);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * MTN's `amount` → minor units of `currency`, or null when it is not an exact amount of that currency.
 * The schema says string; MTN's own example shows a number, so a plain number is read too.
 */
export function fromMtnAmount(value: unknown, currency: CurrencyCode): bigint | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  const decimal = parseDecimal(text.trim());
  if (!decimal) return null;
  const exponent = CURRENCY_EXPONENT[currency];
  if (decimal.scale <= exponent) return decimal.digits * 10n ** BigInt(exponent - decimal.scale);
  // "10.500" is 10.50; "10.505" is not a GHS amount.
  const excess = 10n ** BigInt(decimal.scale - exponent);
  return decimal.digits % excess === 0n ? decimal.digits / excess : null;
}

export const readCurrency = (value: unknown): CurrencyCode | null =>
  typeof value === 'string' && isCurrencyCode(value) ? value : null;

/** E.164 with its `+` → MTN's MSISDN: country code and number, digits only [MTN-R2P-POST, MTN-ERR]. */
export function toMsisdn(phone: string): string | null {
  const digits = phone.trim().replace(/^\+/, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

export const MTN_NOTE_MAX = 160;

/**
 * `payerMessage` / `payeeNote`: MTN answers 400 to more than 160 characters and to "unsupported special
 * characters ... for example an apostrophe" [MTN-ERR]; an ampersand too (momoapi-node issue 84). We keep
 * letters, digits, spaces and a few plain signs, and cut at 160 characters, never inside one: a cut
 * through a surrogate pair would leave half a character, which is not text at all.
 */
export function toMtnNote(text: string): string {
  const kept = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} .,:;_\-/#()]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(kept).slice(0, MTN_NOTE_MAX).join('').trim();
}

/** A string field, or a number MTN's examples show in its place (`financialTransactionId: 23503452`). */
export function readId(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/**
 * `reason` of a FAILED result. Real answers and callbacks send a bare string; MTN's swagger describes
 * an object (`{code, message}`, or `{type, message}` in an older client) [provider-contracts 1.4].
 */
export function readReason(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'object' && value !== null) {
    const { code, type } = value as { code?: unknown; type?: unknown };
    if (typeof code === 'string' && code.trim()) return code.trim();
    if (typeof type === 'string' && type.trim()) return type.trim();
  }
  return null;
}

/**
 * MTN's callback (PUT or POST: its documents say both [MTN-MIRROR, MTN-CB], the sandbox sent POST) is
 * the status object, unsigned, with `externalId` and no reference id [NKAP-MTN]. It is a hint only.
 */
export function parseCallback(body: unknown): Record<string, unknown> | null {
  if (typeof body === 'string') {
    try {
      return parseCallback(JSON.parse(body));
    } catch {
      return null;
    }
  }
  return isRecord(body) ? body : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
