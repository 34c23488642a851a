import type { ProviderReply, ProviderRequest } from '../json-server';

/**
 * What Airtel checks on a request, and the answer each failed check gets. Codes and texts are Airtel's
 * (provider-contracts 4.6); the shapes are those the 121 platform recorded from Airtel Zambia
 * [121-MOCK]: most refusals come as HTTP 200 with `status.code: "400"` and `success: false`. Where
 * the HTTP status or the pairing of codes was not captured, it is marked inferred.
 */

export const header = (request: ProviderRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

export const bearerToken = (request: ProviderRequest): string | null =>
  /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '')?.[1] ?? null;

/** The server's own copy of Airtel's country table (provider-contracts 4.0), kept apart from the adapter's. */
export const COUNTRIES: Record<string, { currency: string; amountDecimals: number }> = {
  UG: { currency: 'UGX', amountDecimals: 0 },
  KE: { currency: 'KES', amountDecimals: 0 },
  TZ: { currency: 'TZS', amountDecimals: 0 },
  ZM: { currency: 'ZMW', amountDecimals: 2 },
  RW: { currency: 'RWF', amountDecimals: 0 },
};

/** `{ status: {...} }` with Airtel's field names; `httpStatus` 200 unless said. */
export function statusReply(
  status: { code: string; message: string; success: boolean; result_code?: string; response_code?: string },
  options: { httpStatus?: number; data?: unknown } = {},
): ProviderReply {
  const body: Record<string, unknown> = { status };
  if (options.data !== undefined) body.data = options.data;
  return { status: options.httpStatus ?? 200, body };
}

export const refused = (codes: { result_code?: string; response_code?: string }, message: string, httpStatus = 200) =>
  statusReply({ code: '400', message, success: false, ...codes }, { httpStatus });

/** A wrong client id or secret. Body as the 121 platform recorded it; the 401 is RFC 6749 §5.2's (inferred). */
export const INVALID_CLIENT: ProviderReply = {
  status: 401,
  body: { error_description: 'Invalid client authentication', error: 'invalid_client' },
};
export const UNSUPPORTED_GRANT: ProviderReply = {
  status: 400,
  body: { error_description: 'Unsupported grant type', error: 'unsupported_grant_type' },
};
/** A missing, unknown or expired token: the 121 platform's record says 403; Airtel's HTTP table says 401 [AT-ERR]. */
export const invalidToken = (status: 401 | 403): ProviderReply => ({
  status,
  body: { error_description: 'The access token is invalid or has expired', error: 'invalid_token' },
});
/** No X-Country: the router cannot find the partner's route [121-MOCK]. */
export const NO_COUNTRY: ProviderReply = {
  status: 400,
  body: { status_message: 'Partner not found', status_code: 'ROUTER110' },
};
/** A country the application is not enabled for (ROUTER007) or not a country code (ROUTER006); HTTP 400 inferred. */
export const countryRefused = (code: 'ROUTER006' | 'ROUTER007') =>
  refused(
    { result_code: code },
    code === 'ROUTER006'
      ? 'Invalid country code provided.'
      : 'Not authorized to perform any operations in the provided country.',
    400,
  );
/** No X-Currency: HTTP 200 with ESB000008 "Missing request header" [121-MOCK]. */
export const NO_CURRENCY = refused(
  { result_code: 'ESB000008' },
  "Missing request header 'x-wallet-id' for method parameter of type String",
);
/** A currency that is not the country's: ROUTER112; HTTP 400 inferred. */
export const CURRENCY_REFUSED = refused({ result_code: 'ROUTER112' }, 'Invalid currency provided.', 400);
export const NOT_FOUND_PATH: ProviderReply = { status: 404, body: { message: 'no Route matched with those values' } };

/** An amount Airtel takes: a positive JSON number with no more fraction digits than the country's [121-MOCK]. */
export function amountProblem(amount: unknown, decimals: number): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return 'not a positive number';
  const fraction = String(amount).split('.')[1] ?? '';
  return fraction.length > decimals ? `more than ${decimals} decimal places` : null;
}

/** "Do not send country code in msisdn" [AT-COL]; "Msisdn Length should be 9" [121-MOCK]. */
export const msisdnProblem = (msisdn: unknown): boolean =>
  !(typeof msisdn === 'string' || typeof msisdn === 'number') || !/^[1-9]\d{8}$/.test(String(msisdn));

/** `reference` and `transaction.id`: alphanumeric (and hyphens for ids), 4 to 64 characters [121-AT; ids inferred]. */
export const referenceProblem = (value: unknown): boolean =>
  typeof value !== 'string' || !/^[A-Za-z0-9]{4,64}$/.test(value);
export const idProblem = (value: unknown): boolean => typeof value !== 'string' || !/^[A-Za-z0-9-]{4,64}$/.test(value);

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
