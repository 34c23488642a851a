import type { Operation } from '../../platform/http/operation';
import * as checkouts from '../../checkout/contract';
import * as wallets from '../../books/wallets/contract';
import * as transactions from '../../books/customer-transactions/contract';
import * as conversion from '../../books/conversion/contract';
import * as settlement from '../../books/settlement/contract';
import * as ledger from '../../books/ledger/contract';
import * as webhooks from '../../notifications/webhooks/contract';
import * as checkoutSession from '../../collections/hosted-page/contract';
import * as sandbox from '../../collections/sandbox/contract';
import * as ops from '../../platform/ops/contract';
import * as openapi from './contract';
import * as embed from '../../checkout/embed/contract';
import * as paymentLinks from '../../checkout/links/contract';
import * as paymentAccounts from '../../money-out/payment-accounts/contract';
import * as payouts from '../../money-out/contract';
import * as apiKeys from '../../merchants/api-keys/contract';
import * as branding from '../../merchants/branding/contract';
import * as merchants from '../../operator/merchants/contract';
import * as approvals from '../../collections/approvals/contract';
import * as liveRails from '../../surfaces/provider-notices/contract';
import * as railOperations from '../../operator/rails/contract';

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
  paymentLinks,
  paymentAccounts,
  payouts,
  apiKeys,
  branding,
  merchants,
  approvals,
  liveRails,
  railOperations,
];

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'method' in value;

export const OPERATIONS: Operation[] = CONTRACTS.flatMap((contract) => Object.values(contract).filter(isOperation));
