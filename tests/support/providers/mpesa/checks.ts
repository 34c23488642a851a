import type { ProviderReply, ProviderRequest } from '../json-server';
import { darajaError } from './bodies';

/**
 * The field checks Daraja makes before it accepts a request, each failing as Daraja documents:
 * HTTP 400, `400.002.02` "Bad Request - Invalid <Field>" [DJ-EXP]. Numbers are accepted as JSON numbers
 * or as text, since Daraja's own examples mix both.
 */
export type Fields = Record<string, unknown>;
type Checked<T> = { ok: true; value: T } | { ok: false; reply: ProviderReply };

export const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (field: string, code = '400.002.02'): { ok: false; reply: ProviderReply } => ({
  ok: false,
  reply: darajaError(400, code, `Bad Request - Invalid ${field}`),
});

/**
 * The JSON body, or the answer Daraja gives without one. A missing JSON content type is reported
 * against the first field, as the FAQ says ("Bad Request - Invalid BusinessShortCode … wrong Content-Type").
 */
export function jsonBody(request: ProviderRequest, firstField: string, code?: string): Checked<Fields> {
  const type = request.headers['content-type'] ?? '';
  if (!type.includes('application/json') || !isRecord(request.json)) return invalid(firstField, code);
  return { ok: true, value: request.json };
}

const asText = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value : null;

export const shortCode = (value: unknown) => matching(value, /^\d{5,9}$/);
/** Safaricom MSISDNs: 2547XXXXXXXX or 2541XXXXXXXX. */
export const msisdn = (value: unknown) => matching(value, /^254[17]\d{8}$/);

function matching(value: unknown, pattern: RegExp): string | null {
  const text = asText(value);
  return text !== null && pattern.test(text) ? text : null;
}

/**
 * "Only whole numbers are supported" (Daraja's CustomerToBusiness and MpesaRatiba pages; the STK Push
 * docstring of martinmogusu/django-daraja django_daraja/mpesa/core.py), at least 1 (STK result 2,
 * "less than the allowed C2B transaction minimum (currently Ksh 1)" [DJ-EXP]).
 */
export function wholeAmount(value: unknown): number | null {
  const text = asText(value);
  if (text === null || !/^\d+$/.test(text)) return null;
  const amount = Number(text);
  return amount >= 1 ? amount : null;
}

const FORBIDDEN_IN_URLS = /m-?pesa|safaricom|exe|cmd|sql|query/i;

export function callbackUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  } catch {
    return null;
  }
  return FORBIDDEN_IN_URLS.test(value) ? null : value;
}

const textOf = (value: unknown, min: number, max: number) =>
  typeof value === 'string' && value.length >= min && value.length <= max ? value : null;

export interface StkPushFields {
  shortCode: string;
  password: string;
  timestamp: string;
  transactionType: string;
  amount: number;
  partyA: string;
  partyB: string;
  phone: string;
  callbackUrl: string;
  accountReference: string;
}

/** M-Pesa Express fields [DJ-EXP]: all mandatory but TransactionDesc (at most 13 characters). */
export function checkStkPush(body: Fields): Checked<StkPushFields> {
  const value = {
    shortCode: shortCode(body.BusinessShortCode),
    password: textOf(body.Password, 1, 500),
    timestamp: matching(body.Timestamp, /^\d{14}$/),
    transactionType: ['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'].includes(String(body.TransactionType))
      ? String(body.TransactionType)
      : null,
    amount: wholeAmount(body.Amount),
    partyA: msisdn(body.PartyA),
    partyB: shortCode(body.PartyB),
    phone: msisdn(body.PhoneNumber),
    callbackUrl: callbackUrl(body.CallBackURL),
    accountReference: textOf(body.AccountReference, 1, 12),
  };
  const names: Record<keyof StkPushFields, string> = {
    shortCode: 'BusinessShortCode',
    password: 'Password',
    timestamp: 'Timestamp',
    transactionType: 'TransactionType',
    amount: 'Amount',
    partyA: 'PartyA',
    partyB: 'PartyB',
    phone: 'PhoneNumber',
    callbackUrl: 'CallBackURL',
    accountReference: 'AccountReference',
  };
  for (const key of Object.keys(names) as (keyof StkPushFields)[]) if (value[key] === null) return invalid(names[key]);
  if (body.TransactionDesc !== undefined && textOf(body.TransactionDesc, 0, 13) === null) {
    return invalid('TransactionDesc');
  }
  return { ok: true, value: value as StkPushFields };
}

export function checkStkQuery(
  body: Fields,
): Checked<{ shortCode: string; password: string; timestamp: string; checkoutRequestId: string }> {
  const value = {
    shortCode: shortCode(body.BusinessShortCode),
    password: textOf(body.Password, 1, 500),
    timestamp: matching(body.Timestamp, /^\d{14}$/),
    checkoutRequestId: textOf(body.CheckoutRequestID, 1, 100),
  };
  if (!value.shortCode) return invalid('BusinessShortCode');
  if (!value.password) return invalid('Password');
  if (!value.timestamp) return invalid('Timestamp');
  if (!value.checkoutRequestId) return invalid('CheckoutRequestID');
  return { ok: true, value: value as { [K in keyof typeof value]: NonNullable<(typeof value)[K]> } };
}

export interface B2cFields {
  originatorConversationId: string;
  initiatorName: string;
  securityCredential: string;
  commandId: string;
  amount: number;
  partyA: string;
  partyB: string;
  resultUrl: string;
}

/** B2C v3 fields [DJ-B2C]; the optional occasion is accepted as "Occassion" (v3) or "Occasion" (older). */
export function checkB2c(body: Fields): Checked<B2cFields> {
  const checks: [keyof B2cFields | null, string, unknown][] = [
    ['originatorConversationId', 'OriginatorConversationID', textOf(body.OriginatorConversationID, 1, 100)],
    ['initiatorName', 'InitiatorName', textOf(body.InitiatorName, 1, 100)],
    ['securityCredential', 'SecurityCredential', textOf(body.SecurityCredential, 1, 2000)],
    [
      'commandId',
      'CommandID',
      ['BusinessPayment', 'SalaryPayment', 'PromotionPayment'].includes(String(body.CommandID)) ? body.CommandID : null,
    ],
    ['amount', 'Amount', wholeAmount(body.Amount)],
    ['partyA', 'PartyA', shortCode(body.PartyA)],
    ['partyB', 'PartyB', msisdn(body.PartyB)],
    [null, 'Remarks', textOf(body.Remarks, 2, 100)],
    [null, 'QueueTimeOutURL', callbackUrl(body.QueueTimeOutURL)],
    ['resultUrl', 'ResultURL', callbackUrl(body.ResultURL)],
  ];
  const value: Partial<Record<keyof B2cFields, unknown>> = {};
  for (const [key, name, checked] of checks) {
    if (checked === null) return invalid(name);
    if (key) value[key] = checked;
  }
  const occasion = body.Occassion ?? body.Occasion;
  if (occasion !== undefined && textOf(occasion, 1, 100) === null) return invalid('Occassion');
  return { ok: true, value: value as B2cFields };
}

export interface StatusFields {
  initiator: string;
  securityCredential: string;
  transactionId: string | null;
  originalConversationId: string | null;
  partyA: string;
  resultUrl: string;
}

/** Transaction Status fields [DJ-TS]: a receipt (TransactionID) or an OriginalConversationID, or both. */
export function checkTransactionStatus(body: Fields): Checked<StatusFields> {
  const bad = (field: string) => invalid(field, '400.003.02');
  const initiator = textOf(body.Initiator, 1, 100);
  const securityCredential = textOf(body.SecurityCredential, 1, 2000);
  const transactionId = textOf(body.TransactionID, 1, 20);
  const originalConversationId = textOf(body.OriginalConversationID, 1, 100);
  const partyA = shortCode(body.PartyA);
  const resultUrl = callbackUrl(body.ResultURL);
  if (!initiator) return bad('Initiator');
  if (!securityCredential) return bad('SecurityCredential');
  if (body.CommandID !== 'TransactionStatusQuery') return bad('CommandID');
  if (!transactionId && !originalConversationId) return bad('TransactionID');
  if (!partyA) return bad('PartyA');
  if (String(body.IdentifierType) !== '4') return bad('IdentifierType');
  if (!resultUrl) return bad('ResultURL');
  if (!callbackUrl(body.QueueTimeOutURL)) return bad('QueueTimeOutURL');
  if (body.Remarks !== undefined && textOf(body.Remarks, 0, 100) === null) return bad('Remarks');
  return {
    ok: true,
    value: { initiator, securityCredential, transactionId, originalConversationId, partyA, resultUrl },
  };
}
