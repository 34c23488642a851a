import type { KybStatus } from '../platform/vocabulary';
import { CURRENCY_CODES, type CurrencyCode } from '../platform/money/currencies';

/** The African currencies this service collects in. */
export const LOCAL_CURRENCIES: readonly CurrencyCode[] = ['GHS', 'KES', 'NGN', 'ETB', 'XOF', 'XAF', 'UGX'];

/**
 * Which currencies a merchant may create checkouts in, by KYB status. Unverified and pending merchants
 * can collect in the local currencies only; verified merchants in all; rejected merchants in none.
 * (Wallets exist for every currency regardless, so balances and history always have a home.)
 */
export const CHECKOUT_CURRENCIES_BY_KYB: Record<KybStatus, readonly CurrencyCode[]> = {
  verified: CURRENCY_CODES,
  pending: LOCAL_CURRENCIES,
  unverified: LOCAL_CURRENCIES,
  rejected: [],
};
