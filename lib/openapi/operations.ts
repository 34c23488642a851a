import type { Operation } from '../http/operation';
import * as checkouts from '../checkouts/contract';
import * as wallets from '../wallets/contract';
import * as transactions from '../transactions/contract';
import * as conversion from '../conversion/contract';
import * as settlement from '../settlement/contract';
import * as ledger from '../ledger/contract';
import * as webhooks from '../webhooks/contract';
import * as checkoutSession from '../checkout-session/contract';
import * as sandbox from '../sandbox/contract';
import * as ops from '../ops/contract';
import * as openapi from './contract';
import * as embed from '../embed/contract';
import * as paymentAccounts from '../payment-accounts/contract';
import * as payouts from '../payouts/contract';
import * as apiKeys from '../api-keys/contract';
import * as branding from '../branding/contract';
import * as merchants from '../merchants/contract';
import * as approvals from '../approvals/contract';

/** Every documented operation, from the contract files. A test holds the route files to this list. */
export const CONTRACTS: Record<string, unknown>[] = [
  checkouts,
  openapi,
  wallets,
  transactions,
  conversion,
  settlement,
  ledger,
  webhooks,
  checkoutSession,
  sandbox,
  ops,
  embed,
  paymentAccounts,
  payouts,
  apiKeys,
  branding,
  merchants,
  approvals,
];

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'method' in value;

export const OPERATIONS: Operation[] = CONTRACTS.flatMap((contract) => Object.values(contract).filter(isOperation));
