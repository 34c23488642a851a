import type { Operation } from '../http/operation';
import * as checkouts from '../checkouts/contract';

/**
 * The contract modules the client serves: their apiKey operations become its methods. A test holds
 * this to every merchant operation the service documents.
 */
const MODULES = [checkouts] as const;

type MerchantOf<M> = { [K in keyof M as M[K] extends { security: 'apiKey' } ? K : never]: M[K] };
type Union<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;
export type MerchantOperations = Union<{ [I in keyof typeof MODULES]: MerchantOf<(typeof MODULES)[I]> }[number]>;

export const MERCHANT_CONTRACTS: Operation[] = MODULES.flatMap((module) =>
  Object.values(module as Record<string, unknown>).filter(
    (value): value is Operation => typeof value === 'object' && value !== null && (value as Operation).security === 'apiKey',
  ),
);
