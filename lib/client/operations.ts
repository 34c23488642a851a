import type { Operation } from '../http/operation';
import * as apiKeys from '../api-keys/contract';
import * as branding from '../branding/contract';
import * as checkouts from '../checkouts/contract';
import * as conversion from '../conversion/contract';
import * as embed from '../embed/contract';
import * as paymentAccounts from '../payment-accounts/contract';
import * as payouts from '../payouts/contract';
import * as settlement from '../settlement/contract';
import * as transactions from '../transactions/contract';
import * as wallets from '../wallets/contract';
import * as webhooks from '../webhooks/contract';

/**
 * The contract modules the client serves: their apiKey operations become its methods. A test holds
 * this to every merchant operation the service documents.
 */
const MODULES = [
  checkouts,
  embed,
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
