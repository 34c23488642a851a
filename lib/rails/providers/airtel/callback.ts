import crypto from 'node:crypto';
import type { CollectionStatus } from '../types';
import { isRecord, readText } from './wire';

/**
 * Airtel's callback: a POST to the one callback URL set on the application's page (not per request),
 * `{ transaction: { id, message, status_code, airtel_money_id } }`; with "callback authentication" on,
 * also `hash`: HMAC-SHA256 of the payload with the application's private key, Base64 [AT-CB]. Its
 * status "can be intermediate or final" [AT-CB]. It carries no amount, so it is a hint only: the
 * enquiry decides.
 */
export interface AirtelCallback {
  /** Our transaction id (the attempt or payout id). */
  transactionId: string;
  /** TS | TF | TA | TIP as sent, upper-cased. */
  statusCode: string;
  airtelMoneyId: string | null;
  message: string;
  /** null: the callback carries no `hash` (or no key is set to check it). */
  verified: boolean | null;
}

export function readAirtelCallback(body: unknown, callbackKey: string | null): AirtelCallback | null {
  const parsed = parseBody(body);
  if (!parsed || !isRecord(parsed.transaction)) return null;
  const { transaction } = parsed;
  const transactionId = readText(transaction.id);
  const statusCode = typeof transaction.status_code === 'string' ? transaction.status_code.trim().toUpperCase() : '';
  if (!transactionId || !statusCode) return null;
  const hash = typeof parsed.hash === 'string' ? parsed.hash : null;
  return {
    transactionId,
    statusCode,
    airtelMoneyId: readText(transaction.airtel_money_id),
    message: typeof transaction.message === 'string' ? transaction.message.slice(0, 200) : '',
    verified: callbackKey && hash !== null ? hashMatches({ transaction }, hash, callbackKey) : null,
  };
}

/**
 * Airtel says to hash "the callback payload" with the key using HmacSHA256 and compare the Base64
 * result [AT-CB]; which bytes make the payload is not published. Integrators' samples hash either the
 * compact JSON of `{"transaction": {...}}` (Airtel's Java sample, as copied) or of the `transaction`
 * object alone [AT-CB copies], so both are accepted; the key is used as its UTF-8 text, as in the
 * Java sample. An open question until Airtel's own callback is seen.
 */
export function callbackHashes(payload: { transaction: unknown }, key: string): string[] {
  const mac = (text: string) => crypto.createHmac('sha256', key).update(text, 'utf8').digest('base64');
  return [mac(JSON.stringify({ transaction: payload.transaction })), mac(JSON.stringify(payload.transaction))];
}

function hashMatches(payload: { transaction: unknown }, hash: string, key: string): boolean {
  const given = Buffer.from(hash, 'utf8');
  return callbackHashes(payload, key).some((expected) => {
    const wanted = Buffer.from(expected, 'utf8');
    return wanted.length === given.length && crypto.timingSafeEqual(wanted, given);
  });
}

/** A hint for the seam: TF and TIP say something; TS needs the enquiry (no amount here); the rest is unknown. */
export function callbackHint(callback: AirtelCallback): CollectionStatus {
  switch (callback.statusCode) {
    case 'TIP':
      return { status: 'pending' };
    case 'TF':
      return { status: 'failed', failure: 'provider_error', message: `Airtel Money TF: ${callback.message}` };
    case 'TS':
      return { status: 'unknown', detail: 'Airtel Money callback says TS; the enquiry decides' };
    default:
      return { status: 'unknown', detail: `Airtel Money callback status ${callback.statusCode.slice(0, 10)}` };
  }
}

function parseBody(body: unknown): Record<string, unknown> | null {
  if (typeof body === 'string') {
    try {
      return parseBody(JSON.parse(body));
    } catch {
      return null;
    }
  }
  return isRecord(body) ? body : null;
}
