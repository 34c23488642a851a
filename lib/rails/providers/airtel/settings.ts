import { CURRENCY_EXPONENT, isCurrencyCode } from '../../../platform/money/currencies';

/**
 * What the Airtel Money adapter needs for one country, passed in explicitly. Source keys in brackets
 * ([AT-AUTH], [AT-COL], …) are those of docs/plans/provider-contracts.md section 4.
 *
 * Airtel's Open API is one gateway for every Airtel Money country: each request names its country and
 * currency in `X-Country` / `X-Currency` [AT-COL, AT-ENQ], and an application's keys are enabled per
 * country on the portal. So one adapter serves one country; a deployment with several countries builds
 * one per country.
 */
export const AIRTEL_PRODUCTION_URL = 'https://openapi.airtel.africa';
/** Airtel's staging ("UAT") gateway [AT-AUTH]. */
export const AIRTEL_STAGING_URL = 'https://openapiuat.airtel.africa';

export interface AirtelCountry {
  currency: string;
  /** The international dialling code, stripped before sending: "Do not send country code in msisdn" [AT-COL]. */
  dialCode: string;
  /**
   * The currency's minor-unit digits as the service counts them (ISO 4217). Checked against the
   * service's own currency table when it knows the currency, so both count minor units alike.
   */
  exponent: number;
  /**
   * Fraction digits Airtel takes in `amount` for this country. ZMW: the 121 platform sends `0.01` ZMW
   * to Airtel Zambia [121-AT]. UGX and RWF have no minor unit. KES and TZS: inferred 0, as wallets in
   * both are kept in whole shillings and Airtel publishes nothing either way (an open question).
   */
  amountDecimals: number;
}

/**
 * The countries this adapter knows. Codes and currencies from Airtel's country table [AT-CC]; the
 * subscriber number is 9 digits after the country code in all five (Airtel's examples `700123123`
 * UG, `733123456` KE, `785670839` TZ [AT-COL copies]; "Msisdn Length should be 9" ZM [121-MOCK]).
 */
export const AIRTEL_COUNTRIES = {
  UG: { currency: 'UGX', dialCode: '256', exponent: 0, amountDecimals: 0 },
  KE: { currency: 'KES', dialCode: '254', exponent: 2, amountDecimals: 0 },
  TZ: { currency: 'TZS', dialCode: '255', exponent: 2, amountDecimals: 0 },
  ZM: { currency: 'ZMW', dialCode: '260', exponent: 2, amountDecimals: 2 },
  RW: { currency: 'RWF', dialCode: '250', exponent: 0, amountDecimals: 0 },
} as const satisfies Record<string, AirtelCountry>;

export type AirtelCountryCode = keyof typeof AIRTEL_COUNTRIES;

export interface AirtelSettings {
  /** Defaults to AIRTEL_PRODUCTION_URL; some countries also publish a host of their own (openapi.airtel.co.zm). */
  baseUrl?: string;
  /** `X-Country`. */
  country: AirtelCountryCode;
  /** `X-Currency`: must be the country's currency in AIRTEL_COUNTRIES. */
  currency: string;
  /** The application's keys from the portal ("consumer key" / "consumer secret") [AT-AUTH]. */
  clientId: string;
  clientSecret: string;
  /**
   * The disbursement PIN, already RSA-encrypted with the public key Airtel shows on the application's
   * page and base64-encoded, as the disbursement body's `pin` wants it [AT-DISB, 121-AT]. The operator
   * computes it once; the adapter never sees the PIN itself. Without it the adapter makes no payouts.
   */
  encryptedPin?: string;
  /**
   * The "callback authentication" private key from the application's settings, when that option is on:
   * callbacks then carry a `hash` [AT-CB]. Unset: callbacks are read unchecked (they are hints anyway).
   */
  callbackKey?: string;
  /** Per HTTP request; Airtel documents none, so this is ours to choose. */
  timeoutMs: number;
  /** Milliseconds since the epoch; tests move it to age the token. Defaults to Date.now. */
  clock?: () => number;
}

export interface ResolvedAirtelSettings {
  baseUrl: string;
  country: AirtelCountryCode;
  market: AirtelCountry;
  clientId: string;
  clientSecret: string;
  encryptedPin: string | null;
  callbackKey: string | null;
  timeoutMs: number;
  clock: () => number;
}

/**
 * Checks the settings once, at start. A mistake here is the deployment's, so it throws; the error names
 * the field and never its value.
 */
export function resolveAirtelSettings(settings: AirtelSettings): ResolvedAirtelSettings {
  const problem = (field: string) => new Error(`Airtel Money settings: ${field} is missing or invalid`);
  const baseUrl = settings.baseUrl ?? AIRTEL_PRODUCTION_URL;
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) throw problem('baseUrl');
  const market: AirtelCountry | undefined = Object.hasOwn(AIRTEL_COUNTRIES, settings.country)
    ? AIRTEL_COUNTRIES[settings.country]
    : undefined;
  if (!market) throw problem('country');
  if (settings.currency !== market.currency) throw problem('currency');
  // The service and this table must count minor units alike, or amounts would be off by 100.
  if (isCurrencyCode(market.currency) && CURRENCY_EXPONENT[market.currency] !== market.exponent) {
    throw problem('currency (its exponent differs from the service’s)');
  }
  if (!settings.clientId.trim()) throw problem('clientId');
  if (!settings.clientSecret.trim()) throw problem('clientSecret');
  if (settings.encryptedPin !== undefined && !/^[A-Za-z0-9+/]+={0,2}$/.test(settings.encryptedPin)) {
    throw problem('encryptedPin (base64 expected)');
  }
  if (settings.callbackKey !== undefined && !settings.callbackKey) throw problem('callbackKey');
  if (!Number.isInteger(settings.timeoutMs) || settings.timeoutMs <= 0) throw problem('timeoutMs');
  return {
    baseUrl,
    country: settings.country,
    market,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    encryptedPin: settings.encryptedPin ?? null,
    callbackKey: settings.callbackKey ?? null,
    timeoutMs: settings.timeoutMs,
    clock: settings.clock ?? Date.now,
  };
}
