import type { CallbackReading, CollectionRequest, CollectionStatus, MobileMoneyProvider, SubmitResult } from '../types';
import {
  DARAJA_PATHS,
  darajaTimestamp,
  describe,
  isRecord,
  stkPassword,
  type DarajaAnswer,
  type DarajaClient,
} from './daraja';
import {
  accountReference,
  callbackUrlProblem,
  centsFromShillings,
  darajaMsisdn,
  transactionDescription,
  wholeShillings,
} from './format';
import { readResultCode, stkFailureStatus } from './result-codes';
import { readAcknowledgement } from './refusals';
import type { ResolvedSettings } from './settings';

/**
 * Collections by M-Pesa Express (STK Push): a PIN prompt on the customer's phone, its query, and its
 * callback. Daraja has no idempotency on a push (two identical pushes are two prompts), so nothing here
 * ever retries a push whose answer was lost: that is `unknown`, for the per-attempt callback or the
 * attempt's time-out to settle.
 */
export interface MpesaPaymentQuery {
  attemptId: string;
  /** The `CheckoutRequestID` the push was answered with. */
  providerReference: string;
  /**
   * The amount requested, in cents. The STK query answers a ResultCode and nothing else (no amount, no
   * receipt), and a customer cannot change the amount of a prompt, so a ResultCode 0 proves this amount
   * was paid. Without it a success answers `unknown`, never a guessed amount.
   */
  amount?: bigint;
}

export interface MpesaCollections extends MobileMoneyProvider {
  queryPayment(request: MpesaPaymentQuery): Promise<CollectionStatus>;
}

/** What an STK callback says, with the fields the seam's hint has no room for. */
export interface StkCallback {
  merchantRequestId: string | null;
  checkoutRequestId: string;
  resultCode: string;
  resultDesc: string;
  hint: CollectionStatus;
  /** Success only, read by name from `CallbackMetadata.Item`. */
  receiptNumber: string | null;
  /** Cents. */
  amount: bigint | null;
  phone: string | null;
  /** yyyyMMddHHmmss, East Africa Time. */
  transactionDate: string | null;
}

/** STK Push collections, or null when the settings carry no STK section. */
export function createCollections(client: DarajaClient, settings: ResolvedSettings): MpesaCollections | null {
  const { stk } = settings;
  if (!stk) return null;

  return {
    name: 'mpesa',

    async requestPayment(request: CollectionRequest & { phone: string }): Promise<SubmitResult> {
      const checked = checkCollection(request);
      if ('kind' in checked) return checked;
      const timestamp = darajaTimestamp(settings.now());
      // Field types as in Daraja's own example: BusinessShortCode a number, the rest strings [DJ-EXP].
      const answer = await client.post(DARAJA_PATHS.stkPush, {
        BusinessShortCode: Number(stk.shortCode),
        Password: stkPassword(stk.shortCode, stk.passkey, timestamp),
        Timestamp: timestamp,
        TransactionType: stk.transactionType,
        Amount: checked.shillings.toString(),
        PartyA: checked.msisdn,
        PartyB: stk.partyB,
        PhoneNumber: checked.msisdn,
        CallBackURL: request.callbackUrl,
        AccountReference: accountReference(request.reference),
        TransactionDesc: transactionDescription(request.description),
      });
      return readPushAnswer(answer);
    },

    async queryPayment(request: MpesaPaymentQuery): Promise<CollectionStatus> {
      const timestamp = darajaTimestamp(settings.now());
      const answer = await client.post(DARAJA_PATHS.stkQuery, {
        BusinessShortCode: stk.shortCode,
        Password: stkPassword(stk.shortCode, stk.passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: request.providerReference,
      });
      return readQueryAnswer(answer, request);
    },

    readCallback(body: unknown): CallbackReading | null {
      const callback = readStkCallback(body);
      if (!callback) return null;
      const { checkoutRequestId: providerReference, hint, receiptNumber } = callback;
      // A receipt only with a success: the service records it once the query confirms this request paid.
      const receipt = hint.status === 'succeeded' && receiptNumber ? { receipt: receiptNumber } : {};
      return { providerReference, hint, ...receipt };
    },
  };
}

type Refused = Extract<SubmitResult, { kind: 'refused' }>;

/** Refuses, before any call, what Daraja could not carry. */
function checkCollection(
  request: CollectionRequest & { phone: string },
): Refused | { shillings: bigint; msisdn: string } {
  const refuse = (code: string, message: string): Refused => ({ kind: 'refused', code, message });
  if (request.currency !== 'KES') return refuse('unsupported_currency', 'M-Pesa collects Kenyan shillings only');
  const shillings = wholeShillings(request.amount);
  if (shillings === null) {
    return refuse('amount_not_whole_shillings', 'M-Pesa takes whole shillings only; this amount has cents');
  }
  if (shillings < 1n) return refuse('amount_too_small', 'M-Pesa takes at least KES 1');
  const msisdn = darajaMsisdn(request.phone);
  if (!msisdn) return refuse('invalid_number', 'Not a Kenyan mobile number (+2547… or +2541…)');
  const urlProblem = callbackUrlProblem(request.callbackUrl);
  if (urlProblem) return refuse('invalid_callback_url', urlProblem);
  return { shillings, msisdn };
}

function readPushAnswer(answer: DarajaAnswer): SubmitResult {
  return readAcknowledgement(answer, 'CheckoutRequestID');
}

/**
 * The STK query. While the prompt is open Daraja answers an error, `500.001.1001` "The transaction is
 * being processed" (LNM13: "the standard response … the transaction went through and is being
 * processed"), or a ResultCode 4999. The same `500.001.1001` also comes with an empty message or "does
 * not Exist" between good answers for a real payment [NKAP-MPESA], so it never means failed or not found:
 * a CheckoutRequestID is Daraja's own answer to a push that arrived, so `not_found` is never answered.
 */
function readQueryAnswer(answer: DarajaAnswer, request: MpesaPaymentQuery): CollectionStatus {
  if (answer.kind !== 'answered') return { status: 'unknown', detail: answer.detail };
  const { body, error } = answer;
  if (error) {
    if (error.errorCode === '500.001.1001' && /being processed|under processing/i.test(error.errorMessage)) {
      return { status: 'pending' };
    }
    return { status: 'unknown', detail: describe(answer) };
  }
  const code = isRecord(body) && answer.status === 200 ? readResultCode(body.ResultCode) : null;
  if (!isRecord(body) || code === null) return { status: 'unknown', detail: describe(answer) };
  const description = typeof body.ResultDesc === 'string' ? body.ResultDesc : '';
  if (code !== '0') return stkFailureStatus(code, description);
  if (request.amount === undefined) {
    return { status: 'unknown', detail: 'M-Pesa reports success, but its query carries no amount: pass `amount`' };
  }
  return {
    status: 'succeeded',
    providerTransactionId: request.providerReference,
    amount: request.amount,
    currency: 'KES',
  };
}

/**
 * Reads `Body.stkCallback`. A hint only: Daraja signs nothing, so the service asks `queryPayment`
 * before recording money. `providerTransactionId` is the CheckoutRequestID, as the query answers it, so
 * both paths name one payment alike; the M-Pesa receipt is `receiptNumber`.
 */
export function readStkCallback(body: unknown): StkCallback | null {
  const callback = isRecord(body) && isRecord(body.Body) ? body.Body.stkCallback : null;
  if (!isRecord(callback) || typeof callback.CheckoutRequestID !== 'string' || !callback.CheckoutRequestID) return null;
  const resultCode = readResultCode(callback.ResultCode);
  if (resultCode === null) return null;
  const checkoutRequestId = callback.CheckoutRequestID;
  const resultDesc = typeof callback.ResultDesc === 'string' ? callback.ResultDesc : '';
  const items = readItems(callback.CallbackMetadata);
  const amount = centsFromShillings(items.get('Amount'));
  const receipt = items.get('MpesaReceiptNumber');
  // Ten capitals and digits in every published sample ("NLJ7RT61SV" [DJ-EXP], "OEB44R5U3U"); read a
  // little wider so a longer code still counts, and nothing else (it is shown to people).
  const receiptNumber = typeof receipt === 'string' && RECEIPT.test(receipt) ? receipt : null;
  const base = {
    merchantRequestId: typeof callback.MerchantRequestID === 'string' ? callback.MerchantRequestID : null,
    checkoutRequestId,
    resultCode,
    resultDesc,
    receiptNumber,
    amount,
    phone: digitsOf(items.get('PhoneNumber')),
    transactionDate: digitsOf(items.get('TransactionDate')),
  };
  if (resultCode !== '0') return { ...base, hint: stkFailureStatus(resultCode, resultDesc) };
  const hint: CollectionStatus =
    amount === null
      ? { status: 'unknown', detail: 'a success callback without a readable Amount' }
      : { status: 'succeeded', providerTransactionId: checkoutRequestId, amount, currency: 'KES' };
  return { ...base, hint };
}

const RECEIPT = /^[A-Z0-9]{8,20}$/;

/** `CallbackMetadata.Item` by `Name`: order and count are not a contract, and `Balance` may lack a value. */
function readItems(metadata: unknown): Map<string, unknown> {
  const items = isRecord(metadata) && Array.isArray(metadata.Item) ? metadata.Item : [];
  const byName = new Map<string, unknown>();
  for (const item of items) if (isRecord(item) && typeof item.Name === 'string') byName.set(item.Name, item.Value);
  return byName;
}

/** A phone number or date Daraja sends as a JSON number (both fit a double exactly) or as text. */
function digitsOf(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && /^\d+$/.test(text) ? text : null;
}
