import type { PayoutStatus } from '../types';
import { isRecord } from './daraja';
import { centsFromShillings } from './format';
import { b2cFailureStatus, readResultCode } from './result-codes';

/**
 * The two asynchronous answers about a payout, both `{ "Result": { … } }` posted to a URL the service
 * chose. Daraja signs neither, so each payout's URLs must be unguessable, and the service should know
 * the payout from the URL it was posted to: the docs' sample B2C result carries an
 * OriginatorConversationID other than its sample request's, so whether production echoes ours is
 * unconfirmed (provider-contracts.md 2.6, CONFLICT). Both ids are returned for a cross-check.
 */
export interface PayoutResult {
  /** Our payout id as the body names it (the B2C `OriginatorConversationID`), or null. */
  payoutId: string | null;
  /** Daraja's ConversationID of the B2C request (the `providerReference` of `sendPayout`), or null. */
  conversationId: string | null;
  resultCode: string;
  resultDesc: string;
  status: PayoutStatus;
  /** Cents, where the result reports an amount. */
  amount: bigint | null;
  /** The M-Pesa receipt (transaction id), where there is one. */
  receipt: string | null;
}

/**
 * Reads the B2C result posted to the payout's ResultURL. ResultCode 0 is a completed payout; every
 * documented failure code is final (the money did not leave); `ResultType` 1 ("waiting for further
 * messages") is not final yet. Null for a body that is not a B2C result (the QueueTimeOutURL
 * notification's shape is undocumented): ask `queryPayout` then.
 */
export function readPayoutResult(body: unknown): PayoutResult | null {
  const result = readResult(body);
  if (!result) return null;
  const { fields, code, description, parameters } = result;
  const receipt = text(parameters.get('TransactionReceipt')) ?? text(fields.TransactionID);
  const base = {
    payoutId: text(fields.OriginatorConversationID),
    conversationId: text(fields.ConversationID),
    resultCode: code,
    resultDesc: description,
    amount: centsFromShillings(parameters.get('TransactionAmount')),
    receipt: code === '0' ? receipt : null,
  };
  if (readResultCode(fields.ResultType) === '1') return { ...base, status: { status: 'pending' } };
  if (code !== '0') return { ...base, status: b2cFailureStatus(code, description) };
  const status: PayoutStatus = receipt
    ? { status: 'completed', providerTransactionId: receipt }
    : { status: 'unknown', detail: 'a B2C success result without a TransactionID' };
  return { ...base, status };
}

/**
 * Reads the Transaction Status result posted to `statusResultUrl(payoutId)`. Its ResultCode is about
 * the question; the payout's own state is the `TransactionStatus` parameter, whose values the FAQ lists
 * as Initiated, Authorized / Pending Authorized, then Cancelled, Declined, Completed or Expired (final).
 * The payout's ids are the `OriginatorConversationID` and `ConversationID` parameters; the Result's own
 * ids are the status query's. 2032 "The transaction receipt number does not exist." is M-Pesa having no
 * such transaction (observed by integrators for an unknown receipt): `not_found`. Other codes mean the
 * question failed (a bad credential is 2001): `unknown`.
 */
export function readPayoutStatusResult(body: unknown): PayoutResult | null {
  const result = readResult(body);
  if (!result) return null;
  const { code, description, parameters } = result;
  const base = {
    payoutId: text(parameters.get('OriginatorConversationID')),
    conversationId: text(parameters.get('ConversationID')),
    resultCode: code,
    resultDesc: description,
    amount: centsFromShillings(parameters.get('Amount')),
    receipt: text(parameters.get('ReceiptNo')),
  };
  if (code === '2032') return { ...base, status: { status: 'not_found' } };
  if (code !== '0')
    return { ...base, status: { status: 'unknown', detail: `status query failed: ${code} ${description}` } };
  return { ...base, status: transactionStatus(text(parameters.get('TransactionStatus')), base.receipt) };
}

function transactionStatus(state: string | null, receipt: string | null): PayoutStatus {
  switch (state?.toLowerCase()) {
    case 'completed':
      return receipt
        ? { status: 'completed', providerTransactionId: receipt }
        : { status: 'unknown', detail: 'Completed without a ReceiptNo' };
    case 'cancelled':
    case 'declined':
    case 'expired':
      return {
        status: 'failed',
        code: `transaction_${state.toLowerCase()}`,
        message: `M-Pesa reports the payout ${state}`,
      };
    case 'initiated':
    case 'authorized':
    case 'pending authorized':
      return { status: 'pending' };
    default:
      return { status: 'unknown', detail: `unlisted TransactionStatus ${state ?? '(none)'}` };
  }
}

function readResult(body: unknown) {
  const fields = isRecord(body) && isRecord(body.Result) ? body.Result : null;
  const code = fields ? readResultCode(fields.ResultCode) : null;
  if (!fields || code === null) return null;
  const description = typeof fields.ResultDesc === 'string' ? fields.ResultDesc : '';
  const list = isRecord(fields.ResultParameters) ? fields.ResultParameters.ResultParameter : null;
  // `ResultParameter` is an array of { Key, Value }; read by Key (a single item may come unwrapped).
  const items = Array.isArray(list) ? list : list ? [list] : [];
  const parameters = new Map<string, unknown>();
  for (const item of items) if (isRecord(item) && typeof item.Key === 'string') parameters.set(item.Key, item.Value);
  return { fields, code, description, parameters };
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
