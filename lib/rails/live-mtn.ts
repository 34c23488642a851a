import { config } from '../platform/config';
import { mtnMomoCollections, mtnMomoDisbursements, type MtnMomoCredentials } from './providers/mtn-momo';
import type { PayoutRail, PromptRail } from './providers/types';

/**
 * MTN MoMo's rails, one per instance: `mtn_momo` (the MTN_MOMO_* variables) or `mtn_momo:CI`
 * (MTN_MOMO_ACCOUNTS.CI). Each API user serves one country (the configuration checks it), so each
 * instance has its own token, and its own circuit breaker by its name.
 */
type Product = 'collection' | 'disbursement';

function accountOf(instance: string, product: Product) {
  const c = config();
  const [provider, country] = instance.split(':');
  if (provider !== 'mtn_momo') return null;
  if (country) {
    const account = c.MTN_MOMO_ACCOUNTS?.[country];
    const p = account?.[product];
    return account && p
      ? {
          targetEnvironment: account.target_environment,
          credentials: { subscriptionKey: p.subscription_key, apiUser: p.api_user, apiKey: p.api_key },
        }
      : null;
  }
  const [subscriptionKey, apiUser, apiKey] =
    product === 'collection'
      ? [c.MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY, c.MTN_MOMO_COLLECTION_API_USER, c.MTN_MOMO_COLLECTION_API_KEY]
      : [c.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY, c.MTN_MOMO_DISBURSEMENT_API_USER, c.MTN_MOMO_DISBURSEMENT_API_KEY];
  if (!c.MTN_MOMO_TARGET_ENVIRONMENT || !subscriptionKey || !apiUser || !apiKey) return null;
  return { targetEnvironment: c.MTN_MOMO_TARGET_ENVIRONMENT, credentials: { subscriptionKey, apiUser, apiKey } };
}

const built = new Map<string, { key: string; rail: unknown }>();

/** Builds once per instance and product, again only when its settings change. */
function cached<T>(
  instance: string,
  product: Product,
  build: (account: { targetEnvironment: string; credentials: MtnMomoCredentials }, timeoutMs: number) => T,
): T | null {
  const account = accountOf(instance, product);
  if (!account) return null;
  const c = config();
  const timeoutMs = c.RAIL_TIMEOUT_SECONDS * 1000;
  // Secrets go into the cache key only as they are compared, never printed.
  const key = JSON.stringify([c.MTN_MOMO_BASE_URL, account, timeoutMs]);
  const slot = `${product}|${instance}`;
  const found = built.get(slot);
  if (found?.key === key) return found.rail as T;
  const rail = build(account, timeoutMs);
  built.set(slot, { key, rail });
  return rail;
}

/** The collection rail of an MTN instance, or null when it is not configured now. */
export function mtnPrompts(instance: string): PromptRail | null {
  return cached(instance, 'collection', (account, timeoutMs) => {
    const collections = mtnMomoCollections({ baseUrl: config().MTN_MOMO_BASE_URL, ...account, timeoutMs });
    return {
      name: instance,
      network: 'mtn_momo',
      // MTN's X-Reference-Id is our attempt id.
      referenceIsOurs: true,
      resendIsSafe: true,
      takesAmount: () => true,
      requestPayment: (request) => collections.requestPayment(request),
      queryPayment: ({ attemptId, providerReference }) => collections.queryPayment({ attemptId, providerReference }),
      readCallback: (body) => collections.readCallback(body),
    } satisfies PromptRail;
  });
}

/** The disbursement rail of an MTN instance, or null. */
export function mtnPayouts(instance: string): PayoutRail | null {
  return cached(instance, 'disbursement', (account, timeoutMs) => {
    const disbursements = mtnMomoDisbursements({ baseUrl: config().MTN_MOMO_BASE_URL, ...account, timeoutMs });
    return {
      name: instance,
      network: 'mtn_momo',
      pickUpAfterSeconds: () => 0,
      needsBankCode: true,
      problemWith: ({ network }) =>
        network === 'mtn_momo' ? null : { about: 'network', message: 'must be mtn_momo: these payouts go by MTN MoMo' },
      sendPayout: (request) => disbursements.sendPayout(request),
      queryPayout: (request) => disbursements.queryPayout(request),
    } satisfies PayoutRail;
  });
}
