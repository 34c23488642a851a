import type { CollectionStatus, PaymentFailure, PayoutStatus } from '../types';
import { fromMtnAmount, isRecord, readCurrency, readId, readReason } from './wire';

/**
 * MTN's status object (the status GET's 200 body, and the callback body, which is the same object)
 * → the seam's answers.
 *
 * `status` is the verdict: PENDING | SUCCESSFUL | FAILED [MTN-R2P-GET]. FAILED is final whatever its
 * `reason` says (no documented path leads from FAILED anywhere else), so every FAILED is `failed`; the
 * reason only chooses the words. CREATED is not documented but the sandbox answers it for a request
 * still waiting (NKAP-MTN, MSISDN 46733123454): it is pending. Any other status is `unknown`.
 */

interface ReasonMeaning {
  failure: PaymentFailure;
  /** The payout code when a transfer fails for this reason. */
  payout: string;
  text: string;
  /**
   * As the `code` of a 4xx/5xx answer to a request to pay or a transfer, this reason proves MTN refused
   * it and created nothing: a wallet, a limit, the funds, our account or our request was wrong, and MTN
   * lists it as that operation's error (MTN-MIRROR common-error-codes: "RequestToPay Error Codes",
   * "Transfer Error Codes"; MTN-ERR). Not set: a generic or passing error (INTERNAL_PROCESSING_ERROR,
   * SERVICE_UNAVAILABLE) or one that only makes sense as a status, which a status query must settle.
   */
  sureOnSubmit?: true;
}

const sure = { sureOnSubmit: true } as const;

/**
 * MTN's `ErrorReason` enum [MTN-VAH, momoapi-node FailureReason], plus COULD_NOT_PERFORM_TRANSACTION
 * [MTN-ERR] and SENDER_ACCOUNT_NOT_ACTIVE, which MTN added for a blocked payer account
 * (momodevelopercommunity.mtn.com/product-updates/reason-for-some-failed-api-responses-updated-192,
 * …/errors-46/failure-reasons-updated-momoopenapi-338).
 */
export const MTN_REASONS: Record<string, ReasonMeaning> = {
  APPROVAL_REJECTED: { failure: 'declined', payout: 'declined', text: 'the customer rejected the payment' },
  TRANSACTION_CANCELED: { failure: 'declined', payout: 'cancelled', text: 'the transaction was cancelled' },
  PAYMENT_NOT_APPROVED: { failure: 'declined', payout: 'declined', text: 'the payment was not approved' },
  EXPIRED: { failure: 'expired', payout: 'expired', text: 'the approval window passed' },
  // "Transaction Time out due to not inputting the PIN" (reason-for-some-failed-api-responses-updated-192).
  COULD_NOT_PERFORM_TRANSACTION: {
    failure: 'timeout',
    payout: 'provider_error',
    text: 'the payment was not approved in time (5 minutes)',
  },
  // Also what a transfer fails with when the receiver's limit is exceeded (same page).
  NOT_ENOUGH_FUNDS: { failure: 'insufficient_funds', payout: 'insufficient_funds', text: 'not enough funds', ...sure },
  PAYER_LIMIT_REACHED: {
    failure: 'limit_exceeded',
    payout: 'limit_exceeded',
    text: 'the payer reached a limit',
    ...sure,
  },
  // "MSISDN format must include country code. MSISDN is not registered for Mobile Money Service" [MTN-ERR].
  PAYER_NOT_FOUND: {
    failure: 'invalid_number',
    payout: 'provider_error',
    text: 'no MoMo wallet for this number',
    ...sure,
  },
  SENDER_ACCOUNT_NOT_ACTIVE: {
    failure: 'invalid_number',
    payout: 'provider_error',
    text: 'the paying MoMo wallet is not active',
    ...sure,
  },
  PAYEE_NOT_FOUND: {
    failure: 'provider_error',
    payout: 'recipient_not_found',
    text: 'no MoMo wallet for the payee',
    ...sure,
  },
  PAYEE_NOT_ALLOWED_TO_RECEIVE: {
    failure: 'provider_error',
    payout: 'recipient_not_allowed',
    text: 'the payee may not receive money',
    ...sure,
  },
  NOT_ALLOWED: {
    failure: 'provider_error',
    payout: 'provider_error',
    text: 'the API user is not permitted',
    ...sure,
  },
  NOT_ALLOWED_TARGET_ENVIRONMENT: {
    failure: 'provider_error',
    payout: 'provider_error',
    text: 'the target environment is not allowed',
    ...sure,
  },
  INVALID_CALLBACK_URL_HOST: {
    failure: 'provider_error',
    payout: 'provider_error',
    text: 'the callback host is not the API user’s',
    ...sure,
  },
  INVALID_CURRENCY: { failure: 'provider_error', payout: 'provider_error', text: 'currency not supported', ...sure },
  SERVICE_UNAVAILABLE: { failure: 'provider_error', payout: 'provider_error', text: 'MTN’s service was unavailable' },
  // MTN: "predominantly occurs due to insufficient customer funds", but also other wallet errors [MTN-ERR].
  INTERNAL_PROCESSING_ERROR: {
    failure: 'provider_error',
    payout: 'provider_error',
    text: 'MTN’s generic processing error (often insufficient funds)',
  },
  RESOURCE_NOT_FOUND: { failure: 'provider_error', payout: 'provider_error', text: 'MTN lost the resource' },
  RESOURCE_ALREADY_EXIST: { failure: 'provider_error', payout: 'provider_error', text: 'duplicate reference' },
};

const UNDOCUMENTED: ReasonMeaning = {
  failure: 'provider_error',
  payout: 'provider_error',
  text: 'no documented reason',
};

export function reasonMeaning(reason: string | null): ReasonMeaning & { reason: string } {
  const key = reason?.toUpperCase() ?? 'FAILED';
  return { reason: key, ...(MTN_REASONS[key] ?? UNDOCUMENTED) };
}

type Verdict =
  | { kind: 'pending' }
  | { kind: 'successful'; providerTransactionId: string }
  | { kind: 'failed'; reason: string | null }
  | { kind: 'unknown'; detail: string };

function verdictOf(body: unknown): Verdict {
  if (!isRecord(body)) return { kind: 'unknown', detail: 'MTN status answer is not an object' };
  const status = typeof body.status === 'string' ? body.status.toUpperCase() : null;
  if (status === 'PENDING' || status === 'CREATED') return { kind: 'pending' };
  if (status === 'FAILED') return { kind: 'failed', reason: readReason(body.reason) };
  if (status === 'SUCCESSFUL') {
    const providerTransactionId = readId(body.financialTransactionId);
    // Without MTN's transaction id there is nothing to reconcile against: leave it to a person.
    if (!providerTransactionId) return { kind: 'unknown', detail: 'MTN SUCCESSFUL without financialTransactionId' };
    return { kind: 'successful', providerTransactionId };
  }
  return { kind: 'unknown', detail: `MTN status ${JSON.stringify(body.status)?.slice(0, 40)} is not documented` };
}

export function collectionStatusOf(body: unknown): CollectionStatus {
  const verdict = verdictOf(body);
  if (verdict.kind === 'pending') return { status: 'pending' };
  if (verdict.kind === 'unknown') return { status: 'unknown', detail: verdict.detail };
  if (verdict.kind === 'failed') {
    const meaning = reasonMeaning(verdict.reason);
    return { status: 'failed', failure: meaning.failure, message: `MTN MoMo ${meaning.reason}: ${meaning.text}` };
  }
  const fields = body as Record<string, unknown>;
  const currency = readCurrency(fields.currency);
  const amount = currency ? fromMtnAmount(fields.amount, currency) : null;
  if (!currency || amount === null || amount <= 0n) {
    return { status: 'unknown', detail: 'MTN SUCCESSFUL with an amount or currency this service cannot read' };
  }
  return { status: 'succeeded', providerTransactionId: verdict.providerTransactionId, amount, currency };
}

export function payoutStatusOf(body: unknown): PayoutStatus {
  const verdict = verdictOf(body);
  if (verdict.kind === 'pending') return { status: 'pending' };
  if (verdict.kind === 'unknown') return { status: 'unknown', detail: verdict.detail };
  if (verdict.kind === 'successful')
    return { status: 'completed', providerTransactionId: verdict.providerTransactionId };
  const meaning = reasonMeaning(verdict.reason);
  return { status: 'failed', code: meaning.payout, message: `MTN MoMo ${meaning.reason}: ${meaning.text}` };
}
