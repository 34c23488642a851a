import type { ProviderReply, ProviderRequest } from '../json-server';
import type { MtnParty, MtnProduct } from './transactions';

/**
 * What MTN checks on a request, and the error each failed check answers with. Status codes and `code`
 * values are MTN's (provider-contracts 1.2, 1.3, 1.8). Where MTN's body for an error was never
 * captured, the body here is marked as ours and carries no `code`, so no adapter can come to rely on it.
 */

export const header = (request: ProviderRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const reply = (status: number, body: unknown): ProviderReply => ({ status, body });

/** Azure API Management's answer to a missing or wrong `Ocp-Apim-Subscription-Key` [MTN-ERR]. */
export const INVALID_SUBSCRIPTION_KEY = reply(401, {
  statusCode: 401,
  message:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
});
/** /token/ with a wrong api user or key: 401 `{"error": …}` [MTN-TOKEN]; the value is the one seen in the wild. */
export const LOGIN_FAILED = reply(401, { error: 'login_failed' });
/** An expired or unknown Bearer token. MTN's body for this was not captured: ours. */
export const INVALID_TOKEN = reply(401, { statusCode: 401, message: 'Access token is missing, invalid or expired.' });
/** [obs] the gateway's HTML page when a bodyless POST has no Content-Length (NKAP-MTN). */
export const LENGTH_REQUIRED: ProviderReply = {
  status: 411,
  body: '<html><body><h2>Length Required</h2></body></html>',
  headers: { 'content-type': 'text/html' },
};
export const NOT_FOUND_PATH = reply(404, { statusCode: 404, message: 'Resource not found' });
export const badRequest = (message: string) => reply(400, { message });
export const mtnError = (status: number, code: string, message: string) => reply(status, { code, message });
export const RESOURCE_ALREADY_EXIST = mtnError(
  409,
  'RESOURCE_ALREADY_EXIST',
  'Duplicated reference id. Creation of resource failed.',
);
export const RESOURCE_NOT_FOUND = mtnError(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuidV4 = (value: string | undefined): value is string => !!value && UUID_V4.test(value);

export function basicCredentials(request: ProviderRequest): { user: string; key: string } | null {
  const match = /^Basic (.+)$/.exec(header(request, 'authorization') ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

export const bearerToken = (request: ProviderRequest): string | null =>
  /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '')?.[1] ?? null;

export interface CreateBody {
  amount: string;
  currency: string;
  externalId: string | null;
  party: MtnParty;
  payerMessage: string | null;
  payeeNote: string | null;
}

/**
 * `amount` [MTN-R2P-POST, MTN-TRF]: a string in major units ("100", "5", "12.50"). Inferred, as MTN
 * publishes no grammar: a JSON number is refused (the schema says string and every SDK sends one), and
 * so are signs, exponents, spaces, thousands separators and zero.
 */
const AMOUNT = /^\d+(\.\d+)?$/;

/**
 * Decimals beyond the currency's minor unit ("10.505" GHS, "1500.5" XOF). Inferred: MTN documents no
 * rule, but no wallet holds a fraction of the smallest coin, so MTN cannot accept one.
 */
export function amountProblem(amount: string, currency: string): string | null {
  const decimals = amount.split('.')[1]?.length ?? 0;
  const exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  return decimals > (exponent ?? 2) ? `amount has more decimals than ${currency} has` : null;
}

/** 160 characters at most, "more than 160 characters in the note and message" is a 400 [MTN-ERR]. */
const NOTE_MAX = 160;

/**
 * "Having unsupported special characters in the Body request for example an apostrophe (')" is a 400
 * [MTN-ERR]; so is an ampersand (momoapi-node issue 84). Inferred: the typographic apostrophe (it is an
 * apostrophe), the other markup and escape signs (< > " \) and control characters, which MTN's
 * SMS and statement texts cannot carry either.
 */
const REFUSED_NOTE_CHARACTERS = /['&\u2019<>"\\\p{Cc}]/u;

function noteProblem(name: string, note: unknown): string | null {
  if (note === undefined) return null;
  if (typeof note !== 'string') return `${name} must be a string`;
  // Inferred: half a surrogate pair is not text; MTN could not store or show it.
  if (/[\uD800-\uDFFF]/u.test(note)) return `${name} is not well-formed text`;
  if (Array.from(note).length > NOTE_MAX) return `${name} is longer than ${NOTE_MAX} characters`;
  if (REFUSED_NOTE_CHARACTERS.test(note)) return `${name} has a character MTN refuses`;
  return null;
}

/** The body of requesttopay / transfer [MTN-R2P-POST, MTN-TRF]; a problem is a 400. */
export function readCreateBody(json: unknown, product: MtnProduct): CreateBody | string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'The body must be a JSON object';
  const body = json as Record<string, unknown>;
  const { amount, currency, externalId, payerMessage, payeeNote } = body;
  if (typeof amount !== 'string') return 'amount must be a string';
  if (!AMOUNT.test(amount) || !/[1-9]/.test(amount)) return 'amount must be a positive decimal string';
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return 'currency must be an ISO 4217 code';
  if (externalId !== undefined && typeof externalId !== 'string') return 'externalId must be a string';
  const partyName = product === 'collection' ? 'payer' : 'payee';
  const party = body[partyName] as Record<string, unknown> | undefined;
  if (typeof party !== 'object' || party === null) return `${partyName} is required`;
  const { partyIdType, partyId } = party;
  if (partyIdType !== 'MSISDN' && partyIdType !== 'EMAIL' && partyIdType !== 'PARTY_CODE') {
    return `${partyName}.partyIdType must be MSISDN, EMAIL or PARTY_CODE`;
  }
  if (typeof partyId !== 'string' || !partyId) return `${partyName}.partyId is required`;
  // "MSISDN format must include country code": digits only, no "+" [MTN-ERR].
  if (partyIdType === 'MSISDN' && !/^\d{8,15}$/.test(partyId)) return `${partyName}.partyId is not an MSISDN`;
  const problem = noteProblem('payerMessage', payerMessage) ?? noteProblem('payeeNote', payeeNote);
  if (problem) return problem;
  return {
    amount,
    currency,
    externalId: externalId ?? null,
    party: { partyIdType, partyId },
    payerMessage: typeof payerMessage === 'string' ? payerMessage : null,
    payeeNote: typeof payeeNote === 'string' ? payeeNote : null,
  };
}
