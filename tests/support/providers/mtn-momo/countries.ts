import type { MtnMomoCredentials } from '../mtn-momo';

/**
 * The countries one contract server answers for. MTN publishes one Open API host for every country
 * (proxy.momoapi.mtn.com, MTN-TOKEN) and has each request name its country in X-Target-Environment;
 * an API user and its key are "applicable to a specific country" (momodeveloper.mtn.com/faq), and
 * each product has its own subscription key (MTN-TOKEN). So here each country has its own Collection
 * and Disbursement credentials, and a request is answered as the country its subscription key
 * belongs to: its token, its X-Target-Environment (else 500 NOT_ALLOWED_TARGET_ENVIRONMENT [MTN-ERR]),
 * its currency. Inferred, as MTN does not publish it: a token is refused under another country's
 * subscription key (401), and a reference made in one country is unknown in another (404
 * RESOURCE_NOT_FOUND). Every API user has the same registered callback host (the server's option).
 */
export interface MtnCountryOptions {
  /** MTN's value for the country, e.g. `mtnivorycoast`. */
  targetEnvironment: string;
  /** The one currency the country takes, e.g. `XOF`. */
  currency: string;
  /** Fixed credentials; random ones otherwise. */
  collection?: Partial<MtnMomoCredentials>;
  disbursement?: Partial<MtnMomoCredentials>;
}

export interface MtnCountry {
  targetEnvironment: string;
  currency: string;
  collection: MtnMomoCredentials;
  disbursement: MtnMomoCredentials;
}

/** The server's own country first, then the others; refuses two countries on one environment or API user. */
export function countriesOf(
  own: MtnCountry,
  others: MtnCountryOptions[],
  credentialsFrom: (given?: Partial<MtnMomoCredentials>) => MtnMomoCredentials,
): MtnCountry[] {
  const countries = [
    own,
    ...others.map((c) => ({
      targetEnvironment: c.targetEnvironment,
      currency: c.currency,
      collection: credentialsFrom(c.collection),
      disbursement: credentialsFrom(c.disbursement),
    })),
  ];
  const environments = countries.map((c) => c.targetEnvironment);
  const users = countries.flatMap((c) => [c.collection.apiUser, c.disbursement.apiUser]);
  const keys = countries.flatMap((c) => [c.collection.subscriptionKey, c.disbursement.subscriptionKey]);
  if (new Set(environments).size !== environments.length)
    throw new Error('MTN contract server: two countries with one target environment');
  if (new Set(users).size !== users.length || new Set(keys).size !== keys.length)
    throw new Error('MTN contract server: an API user or subscription key serves one country and product');
  return countries;
}
