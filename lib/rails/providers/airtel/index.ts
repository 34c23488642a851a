import { airtelClient } from './client';
import { createCollections, type AirtelCollections } from './collections';
import { createDisbursements, type AirtelDisbursements } from './disbursements';
import { resolveAirtelSettings, type AirtelSettings } from './settings';

export {
  AIRTEL_COUNTRIES,
  AIRTEL_PRODUCTION_URL,
  AIRTEL_STAGING_URL,
  type AirtelCountry,
  type AirtelCountryCode,
  type AirtelSettings,
} from './settings';
export type { AirtelSubmitResult } from './answers';
export type { AirtelCollections, AirtelPaymentQuery, AirtelPaymentRequest } from './collections';
export { AIRTEL_NETWORK, type AirtelDisbursements, type AirtelPayoutRequest } from './disbursements';
export { callbackHashes, readAirtelCallback, type AirtelCallback } from './callback';
export { toAirtelAmount } from './wire';
export { COLLECTION_CODES, DISBURSEMENT_CODES, REFUSAL_CODES, TRANSACTION_STATUSES } from './codes';

/**
 * The Airtel Money Open API adapter for one country: Collection (USSD push) and Disbursement, sharing
 * the application's token. Bracketed source keys in this folder's comments ([AT-COL], [121-AT], …) are
 * those of docs/plans/provider-contracts.md section 4, which quotes each source.
 *
 * `disbursements` is null when the settings carry no encrypted PIN: Airtel takes no transfer without it.
 */
export function createAirtel(settings: AirtelSettings): {
  collections: AirtelCollections;
  disbursements: AirtelDisbursements | null;
} {
  const resolved = resolveAirtelSettings(settings);
  const client = airtelClient(resolved);
  return {
    collections: createCollections(client, resolved),
    disbursements: resolved.encryptedPin ? createDisbursements(client, resolved) : null,
  };
}
