import type { CurrencyCode } from '../../../platform/money/currencies';

/** MTN's production gateway; the sandbox is https://sandbox.momodeveloper.mtn.com with target `sandbox`. */
export const MTN_MOMO_DEFAULT_BASE_URL = 'https://proxy.momoapi.mtn.com';

/**
 * The service's currencies that MTN MoMo settles in: Ghana (GHS), Côte d'Ivoire and Benin (XOF),
 * Cameroon and Congo (XAF), Uganda (UGX), and EUR, the only currency of MTN's sandbox. NGN is left out: MoMo PSB in
 * Nigeria is not served by the MoMo Open API. Which currency a target environment takes is MTN's to
 * check (400 or 500 INVALID_CURRENCY), not ours.
 */
export const MTN_MOMO_CURRENCIES: readonly CurrencyCode[] = ['GHS', 'XOF', 'XAF', 'UGX', 'EUR'];

/** Collection and Disbursement are separate MTN products, each with its own key, user and token. */
export type MtnMomoProduct = 'collection' | 'disbursement';

/** What MTN's partner portal (or the sandbox provisioning API) gives for one product. */
export interface MtnMomoCredentials {
  /** `Ocp-Apim-Subscription-Key` of this product (primary or secondary). */
  subscriptionKey: string;
  /** The API user id (a UUID). */
  apiUser: string;
  apiKey: string;
}

export interface MtnMomoSettings {
  /** Defaults to MTN_MOMO_DEFAULT_BASE_URL. */
  baseUrl?: string;
  /** `X-Target-Environment`: `sandbox`, or the country's value MTN gives at onboarding (e.g. `mtnghana`). */
  targetEnvironment: string;
  collection: MtnMomoCredentials;
  disbursement: MtnMomoCredentials;
  /** Per HTTP request; MTN documents none, so this is ours to choose. */
  timeoutMs: number;
  /** Milliseconds since the epoch; tests move it to age the token cache. Defaults to Date.now. */
  clock?: () => number;
}

/** One product's part of the settings. */
export type MtnMomoProductSettings = Omit<MtnMomoSettings, 'collection' | 'disbursement'> & {
  credentials: MtnMomoCredentials;
};

export interface ResolvedProductSettings {
  product: MtnMomoProduct;
  baseUrl: string;
  targetEnvironment: string;
  credentials: MtnMomoCredentials;
  timeoutMs: number;
  clock: () => number;
}

/**
 * Checks the settings once, at start. A mistake here is the deployment's, not MTN's behaviour, so it
 * throws; the error names the field and never its value.
 */
export function resolveProductSettings(
  product: MtnMomoProduct,
  settings: MtnMomoProductSettings,
): ResolvedProductSettings {
  const problem = (field: string) => new Error(`MTN MoMo ${product} settings: ${field} is missing or invalid`);
  const baseUrl = settings.baseUrl ?? MTN_MOMO_DEFAULT_BASE_URL;
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) throw problem('baseUrl');
  if (!settings.targetEnvironment.trim()) throw problem('targetEnvironment');
  for (const field of ['subscriptionKey', 'apiUser', 'apiKey'] as const) {
    if (!settings.credentials[field].trim()) throw problem(field);
  }
  // A colon in the user would change what Basic auth means.
  if (settings.credentials.apiUser.includes(':')) throw problem('apiUser');
  if (!Number.isInteger(settings.timeoutMs) || settings.timeoutMs <= 0) throw problem('timeoutMs');
  return {
    product,
    baseUrl,
    targetEnvironment: settings.targetEnvironment,
    credentials: settings.credentials,
    timeoutMs: settings.timeoutMs,
    clock: settings.clock ?? Date.now,
  };
}
