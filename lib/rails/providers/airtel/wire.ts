import type { AirtelCountry } from './settings';

/** How values are written on Airtel's wire, both ways, exactly (no float arithmetic anywhere). */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field, or a number in its place (Airtel's examples mix both). `false` (seen as `id`) is nothing. */
export function readText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/**
 * Minor units → Airtel's `amount`, a JSON number in major units (every published example sends a
 * number: `1000`, `500`, `0.01` [AT-COL, AT-DISB, 121-AT]). Null when Airtel could not carry it: more
 * fraction digits than the country takes, or beyond what a JSON number holds exactly.
 */
export function toAirtelAmount(amount: bigint, market: AirtelCountry): number | null {
  if (amount <= 0n) return null;
  const dropped = market.exponent - market.amountDecimals;
  const unit = 10n ** BigInt(Math.max(dropped, 0));
  if (amount % unit !== 0n) return null;
  const scaled = amount / unit;
  // 2^53: past it a number no longer holds every integer; far above any wallet limit anyway.
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const decimals = Math.min(market.exponent, market.amountDecimals);
  const text = decimals === 0 ? scaled.toString() : withPoint(scaled, decimals);
  return Number(text);
}

function withPoint(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * E.164 (`+256700123123`) → Airtel's msisdn: the subscriber number without the country code and
 * without a leading 0 [AT-COL], 9 digits in every country this adapter serves [121-MOCK]. Null for a
 * number of another country or of another length.
 */
export function toAirtelMsisdn(phone: string, market: AirtelCountry): string | null {
  const digits = phone.trim().replace(/^\+/, '');
  if (!digits.startsWith(market.dialCode)) return null;
  const national = digits.slice(market.dialCode.length);
  return /^[1-9]\d{8}$/.test(national) ? national : null;
}

/**
 * `reference`, "reference for service / goods purchased": alphanumeric, 4 to 64 characters, as the 121
 * platform found Airtel Zambia to demand [121-AT]. Other characters are dropped; a text left too
 * short falls back to `fallback` (our id without its hyphens).
 */
export function toAirtelReference(text: string, fallback: string): string {
  const kept = text.replace(/[^A-Za-z0-9]/g, '').slice(0, 64);
  return kept.length >= 4 ? kept : fallback.replace(/[^A-Za-z0-9]/g, '').slice(0, 64);
}

/**
 * Airtel's answer envelope: `{ data: { transaction: {...} }, status: { code, message, result_code,
 * response_code, success } }` [AT-COL, AT-ENQ, 121-AT]. `status.code` is a string that is not the HTTP
 * status: Airtel answers HTTP 200 with `code: "400"` for a refused request [121-MOCK].
 */
export interface Envelope {
  code: string | null;
  success: boolean | null;
  responseCode: string | null;
  resultCode: string | null;
  message: string | null;
  transaction: Record<string, unknown> | null;
}

export function readEnvelope(body: unknown): Envelope | null {
  if (!isRecord(body) || !isRecord(body.status)) return null;
  const { status } = body;
  const data = isRecord(body.data) ? body.data : null;
  return {
    code: readText(status.code),
    success: typeof status.success === 'boolean' ? status.success : null,
    responseCode: readText(status.response_code),
    resultCode: readText(status.result_code),
    message: typeof status.message === 'string' ? status.message.slice(0, 200) : null,
    transaction: data && isRecord(data.transaction) ? data.transaction : null,
  };
}

/** Airtel's codes and message for a detail text: Airtel's words, never our request or a secret. */
export function describeEnvelope(httpStatus: number, envelope: Envelope | null, body: unknown): string {
  if (!envelope) {
    const error = isRecord(body) && typeof body.error === 'string' ? ` ${body.error.slice(0, 80)}` : '';
    return `Airtel Money HTTP ${httpStatus}${error}`;
  }
  const parts = [envelope.responseCode, envelope.resultCode, envelope.message].filter(Boolean);
  return `Airtel Money HTTP ${httpStatus}${parts.length ? `: ${parts.join(' ')}` : ''}`;
}
