import type { Operation } from '../../platform/http/operation';
import * as apiKeys from '../../merchants/api-keys/contract';
import * as branding from '../../merchants/branding/contract';
import * as checkouts from '../../checkout/contract';
import * as conversion from '../../books/conversion/contract';
import * as embed from '../../checkout/embed/contract';
import * as paymentLinks from '../../checkout/links/contract';
import * as paymentAccounts from '../../money-out/payment-accounts/contract';
import * as payouts from '../../money-out/contract';
import * as settlement from '../../books/settlement/contract';
import * as transactions from '../../books/customer-transactions/contract';
import * as wallets from '../../books/wallets/contract';
import * as webhooks from '../../notifications/webhooks/contract';

/**
 * The contract modules the client serves: their apiKey operations become its methods. A test holds
 * this to every merchant operation the service documents.
 */
const MODULES = [
  checkouts,
  embed,
  paymentLinks,
  transactions,
  wallets,
  settlement,
  conversion,
  paymentAccounts,
  payouts,
  webhooks,
  apiKeys,
  branding,
] as const;

type MerchantOf<M> = { [K in keyof M as M[K] extends { security: 'apiKey' } ? K : never]: M[K] };
type Union<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;
export type MerchantOperations = Union<{ [I in keyof typeof MODULES]: MerchantOf<(typeof MODULES)[I]> }[number]>;

export const MERCHANT_CONTRACTS: Operation[] = MODULES.flatMap((module) =>
  Object.values(module as Record<string, unknown>).filter(
    (value): value is Operation =>
      typeof value === 'object' && value !== null && (value as Operation).security === 'apiKey',
  ),
);
