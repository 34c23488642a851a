import { mtnMomoCollections, type MtnMomoCollections } from './collection';
import { mtnMomoDisbursements, type MtnMomoDisbursements } from './disbursement';
import type { MtnMomoSettings } from './settings';

export { MTN_MOMO_CURRENCIES, MTN_MOMO_DEFAULT_BASE_URL } from './settings';
export type { MtnMomoCredentials, MtnMomoProductSettings, MtnMomoSettings } from './settings';
export type { MtnSubmitResult } from './answers';
export { MTN_REASONS } from './status';
export { mtnMomoCollections, mtnMomoDisbursements, type MtnMomoCollections, type MtnMomoDisbursements };

/**
 * The MTN MoMo Open API adapter. Bracketed source keys in this folder's comments ([MTN-ERR], NKAP-MTN, …)
 * are those of docs/plans/provider-contracts.md section 1, which quotes each source.
 *
 * Both MTN products. They are two objects because MTN makes them two products (own subscription key,
 * API user, token); a deployment with only one subscription builds only that one with its factory.
 */
export function createMtnMomo(settings: MtnMomoSettings): {
  collections: MtnMomoCollections;
  disbursements: MtnMomoDisbursements;
} {
  const { collection, disbursement, ...common } = settings;
  return {
    collections: mtnMomoCollections({ ...common, credentials: collection }),
    disbursements: mtnMomoDisbursements({ ...common, credentials: disbursement }),
  };
}
