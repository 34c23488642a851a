import { oneUnit } from '../../../platform/money/currencies';
import { parseDecimal } from '../../../platform/money/decimal';

/**
 * The service's values in the shapes Daraja takes, and Daraja's values back in the service's. The
 * service counts KES in cents (bigint minor units); Daraja takes whole shillings only.
 */
const CENTS_PER_SHILLING = oneUnit('KES');

/** Whole shillings for `amount` in cents, or null when it has cents Daraja cannot carry. */
export function wholeShillings(amount: bigint): bigint | null {
  return amount % CENTS_PER_SHILLING === 0n ? amount / CENTS_PER_SHILLING : null;
}

/**
 * Cents for an amount Daraja reports in shillings: a JSON number (`1.00` arrives as 1) or numeric text.
 * Read from its decimal text, never by float arithmetic; null for anything that is not a plain
 * non-negative amount with at most two decimals.
 */
export function centsFromShillings(value: unknown): bigint | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null) return null;
  const decimal = parseDecimal(text);
  if (!decimal || decimal.scale > 2) return null;
  return decimal.digits * 10n ** BigInt(2 - decimal.scale);
}

/**
 * `2547XXXXXXXX` / `2541XXXXXXXX` (12 digits, no `+`) from an E.164 Kenyan mobile number; null for any
 * other number. Safaricom's lines start 07 and 01 nationally [DJ-EXP: "2547XXXXXXXX"; 011x and 01xx
 * ranges opened since].
 */
export function darajaMsisdn(phone: string): string | null {
  const match = /^\+254([17]\d{8})$/.exec(phone);
  return match ? `254${match[1]}` : null;
}

/**
 * `AccountReference`: alphanumeric, at most 12 characters [DJ-EXP], shown on the prompt and printed in
 * the customer's SMS. A `PAY-` reference has 16 characters after its prefix; the first 12 of them are
 * what the customer sees, so support can still find the checkout by them.
 */
export function accountReference(reference: string): string {
  const alphanumeric = reference.replace(/^PAY-/, '').replace(/[^0-9A-Za-z]/g, '');
  return (alphanumeric || 'PAYMENT').slice(0, 12);
}

/** `TransactionDesc`: at most 13 characters [DJ-EXP]. */
export function transactionDescription(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  return (text || 'Payment').slice(0, 13);
}

/** B2C `Remarks`: 2 to 100 characters [DJ-B2C]. */
export function payoutRemarks(reason: string): string {
  const text = reason.replace(/\s+/g, ' ').trim();
  return text.length >= 2 ? text.slice(0, 100) : 'Payout';
}

/**
 * Words Daraja refuses in callback URLs. Documented for the C2B URLs ("Avoid using keywords such as
 * M-PESA, M-Pesa, mpesa, Safaricom, exe, exec, cmd, sql, query…", CustomerToBusinessRegisterURL), and
 * integrators report the same filter on STK and B2C URLs; checked here so such a URL is refused before
 * anything is sent rather than by a 400 mid-flow. (`exe` covers `exec`.)
 */
const FORBIDDEN_IN_URLS = /m-?pesa|safaricom|exe|cmd|sql|query/i;

/** Why Daraja would refuse `url` as a callback address, or null. */
export function callbackUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the callback URL is not a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'the callback URL must be http(s)';
  if (FORBIDDEN_IN_URLS.test(url)) {
    return 'the callback URL contains a word Daraja refuses (M-Pesa, Safaricom, exe, cmd, sql, query)';
  }
  return null;
}
