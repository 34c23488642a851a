import type { Operation } from '../../lib/platform/http/operation';
import { OPERATIONS } from '../../lib/surfaces/openapi/operations';
import * as apiKeys from '../../lib/merchants/api-keys/contract';
import * as approvals from '../../lib/collections/approvals/contract';
import * as branding from '../../lib/merchants/branding/contract';
import * as checkoutSession from '../../lib/collections/hosted-page/contract';
import * as checkouts from '../../lib/checkout/contract';
import * as conversion from '../../lib/books/conversion/contract';
import * as embed from '../../lib/checkout/embed/contract';
import * as paymentLinks from '../../lib/checkout/links/contract';
import * as ledger from '../../lib/books/ledger/contract';
import * as liveRails from '../../lib/surfaces/provider-notices/contract';
import * as railOperations from '../../lib/operator/rails/contract';
import * as merchants from '../../lib/operator/merchants/contract';
import * as moneyOut from '../../lib/money-out/contract';
import * as openapi from '../../lib/surfaces/openapi/contract';
import * as ops from '../../lib/platform/ops/contract';
import * as paymentAccounts from '../../lib/money-out/payment-accounts/contract';
import * as sandbox from '../../lib/collections/sandbox/contract';
import * as settlement from '../../lib/books/settlement/contract';
import * as transactions from '../../lib/books/customer-transactions/contract';
import * as wallets from '../../lib/books/wallets/contract';
import * as webhooks from '../../lib/notifications/webhooks/contract';

/**
 * Every operation the service documents, by its operationId, with its own type: what tests call
 * (`merchant.call(contract.createCheckout, …)`). A contract module missing here fails at load.
 */
const MODULES = [
  apiKeys,
  approvals,
  branding,
  checkoutSession,
  checkouts,
  conversion,
  embed,
  paymentLinks,
  ledger,
  liveRails,
  railOperations,
  merchants,
  moneyOut,
  openapi,
  ops,
  paymentAccounts,
  sandbox,
  settlement,
  transactions,
  wallets,
  webhooks,
] as const;

type OperationsOf<M> = { [K in keyof M as M[K] extends { operationId: string; method: string } ? K : never]: M[K] };
type Union<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;
type Contract = Union<{ [I in keyof typeof MODULES]: OperationsOf<(typeof MODULES)[I]> }[number]>;

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'method' in value;

const byExportName = Object.fromEntries(
  MODULES.flatMap((module) => Object.entries(module).filter(([, value]) => isOperation(value))),
) as Record<string, Operation>;

for (const op of OPERATIONS) {
  if (byExportName[op.operationId] !== op) {
    throw new Error(
      `tests/support/contract.ts: ${op.operationId} is not exported under its operationId by a module here`,
    );
  }
  // The harness types `pagination` from the query's `page` and `size` (./caller.ts).
  const query = op.query && 'shape' in op.query ? Object.keys(op.query.shape as object) : [];
  if (Boolean(op.paginated) !== (query.includes('page') && query.includes('size'))) {
    throw new Error(`${op.operationId}: paginated must go with the page and size query parameters`);
  }
}

export const contract = byExportName as Contract;
