import { MPESA_TEST_ACCOUNT } from './mpesa';
import type { MtnMomoServer } from './mtn-momo';

/**
 * The environment that points the service at a contract server, as an operator's configuration
 * points it at the provider: one place, so the integration tests, the browser bed and the chaos run
 * configure the service alike.
 */
export function mtnMomoVariables(mtn: Pick<MtnMomoServer, 'url' | 'adapterSettings'>): Record<string, string> {
  const { collection, disbursement } = mtn.adapterSettings;
  return {
    MTN_MOMO_BASE_URL: mtn.url,
    MTN_MOMO_TARGET_ENVIRONMENT: 'mtnghana',
    MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: collection.subscriptionKey,
    MTN_MOMO_COLLECTION_API_USER: collection.apiUser,
    MTN_MOMO_COLLECTION_API_KEY: collection.apiKey,
    MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: disbursement.subscriptionKey,
    MTN_MOMO_DISBURSEMENT_API_USER: disbursement.apiUser,
    MTN_MOMO_DISBURSEMENT_API_KEY: disbursement.apiKey,
  };
}

/** Daraja's test account (MPESA_BASE_URL comes with the server's address). */
export function mpesaAccountVariables(account = MPESA_TEST_ACCOUNT): Record<string, string> {
  return {
    MPESA_CONSUMER_KEY: account.consumerKey,
    MPESA_CONSUMER_SECRET: account.consumerSecret,
    MPESA_SHORT_CODE: account.shortCode,
    MPESA_PASSKEY: account.passkey,
    MPESA_B2C_SHORT_CODE: account.b2cShortCode,
    MPESA_B2C_INITIATOR_NAME: account.initiatorName,
    MPESA_B2C_SECURITY_CREDENTIAL: account.securityCredential,
  };
}
