import crypto from 'node:crypto';

/**
 * What the contract server keeps per reference id, and the status object MTN answers for it (the same
 * object is the callback's body). Shapes from docs/plans/provider-contracts.md sections 1.3 to 1.6.
 */
export type MtnProduct = 'collection' | 'disbursement';
/** CREATED is undocumented but the sandbox answers it for MSISDN 46733123454 (provider-contracts 1.9). */
export type MtnStatus = 'PENDING' | 'CREATED' | 'SUCCESSFUL' | 'FAILED';
export type ReasonForm = 'string' | 'object';

export interface MtnParty {
  partyIdType: string;
  partyId: string;
}

export interface MtnTransaction {
  product: MtnProduct;
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string | null;
  /** `payer` of a request to pay, `payee` of a transfer. */
  party: MtnParty;
  payerMessage: string | null;
  payeeNote: string | null;
  /** X-Callback-Url as received, or null: MTN then sends no callback. */
  callbackUrl: string | null;
  /** The country it was made in (X-Target-Environment) and the API user that made it. */
  targetEnvironment: string;
  apiUser: string;
  status: MtnStatus;
  reason: string | null;
  financialTransactionId: string | null;
  createdAt: Date;
}

export const partyField = (product: MtnProduct) => (product === 'collection' ? 'payer' : 'payee');

/**
 * The status GET's 200 body. Fields without a value are left out, as the sandbox does: PENDING has no
 * financialTransactionId and no reason; SUCCESSFUL has financialTransactionId; FAILED has reason.
 */
export function statusBody(transaction: MtnTransaction, reasonForm: ReasonForm): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (transaction.financialTransactionId) body.financialTransactionId = transaction.financialTransactionId;
  if (transaction.externalId !== null) body.externalId = transaction.externalId;
  body.amount = transaction.amount;
  body.currency = transaction.currency;
  body[partyField(transaction.product)] = { ...transaction.party };
  if (transaction.payerMessage !== null) body.payerMessage = transaction.payerMessage;
  if (transaction.payeeNote !== null) body.payeeNote = transaction.payeeNote;
  body.status = transaction.status;
  if (transaction.reason) {
    body.reason =
      reasonForm === 'string'
        ? transaction.reason
        : { code: transaction.reason, message: `Failed: ${transaction.reason}` };
  }
  return body;
}

/** MTN's transaction ids are short numeric strings ("600198217", NKAP-MTN). */
export const newFinancialTransactionId = () => String(crypto.randomInt(100_000_000, 999_999_999));

/**
 * MTN's sandbox test numbers (provider-contracts 1.9): the newer published table (Failed 46733123450,
 * Rejected 46733123451, Timeout 46733123452, Success 56733123453, Pending 46733123454), with the outcomes
 * the sandbox was observed to give. 46733123453 ("Ongoing" in the older table, observed to stay pending)
 * and every other number stay pending unless the server is told `otherNumbers: 'successful'` (the older
 * table's "any other number: success").
 */
export const SANDBOX_NUMBERS = {
  FAILED: '46733123450',
  REJECTED: '46733123451',
  TIMEOUT: '46733123452',
  SUCCESS: '56733123453',
  PENDING: '46733123454',
} as const;

export function sandboxOutcome(
  partyId: string,
  options: { pendingStatus: 'PENDING' | 'CREATED'; otherNumbers: 'pending' | 'successful' },
): { status: MtnStatus; reason: string | null } {
  switch (partyId) {
    case SANDBOX_NUMBERS.FAILED:
      return { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' };
    case SANDBOX_NUMBERS.REJECTED:
      return { status: 'FAILED', reason: 'APPROVAL_REJECTED' };
    case SANDBOX_NUMBERS.TIMEOUT:
      return { status: 'FAILED', reason: 'EXPIRED' };
    case SANDBOX_NUMBERS.SUCCESS:
      return { status: 'SUCCESSFUL', reason: null };
    case SANDBOX_NUMBERS.PENDING:
      return { status: options.pendingStatus, reason: null };
    default:
      return options.otherNumbers === 'successful'
        ? { status: 'SUCCESSFUL', reason: null }
        : { status: 'PENDING', reason: null };
  }
}
