import type { CollectionStatus, PayoutStatus } from '../types';
import { readAnswer, type AirtelSubmitResult } from './answers';
import type { AirtelExchange } from './client';
import {
  COLLECTION_CODES,
  COLLECTION_NOT_FOUND,
  DISBURSEMENT_CODES,
  DISBURSEMENT_NOT_FOUND,
  DUPLICATE_TRANSACTION_ID,
  NO_TRANSACTION_FOUND,
} from './codes';
import { readText, type Envelope } from './wire';

/**
 * Airtel's answers → the seam's answers, per product.
 *
 * The transaction's verdict is `data.transaction.status` (TS | TF | TA | TIP) [AT-ENQ]; `response_code`
 * only names the reason, and Airtel's own enquiry example pairs TS with DP00800001006 ("in process"), so
 * the two are never required to agree. TA ("ambiguous") is unknown: Airtel itself does not know yet.
 */

/** POST /merchant/v1/payments/ → the push was sent (DP00800001006, `success: true`) or refused [AT-COL]. */
export function collectionSubmitResult(answer: AirtelExchange, transactionId: string): AirtelSubmitResult {
  const read = readAnswer(answer);
  if (read.kind !== 'envelope') return read;
  const { envelope, httpStatus, detail } = read;
  // "External Transaction ID already exists": the first request stands; its status says what happened.
  if (envelope.resultCode === DUPLICATE_TRANSACTION_ID) {
    return { kind: 'accepted', providerReference: transactionId, alreadySubmitted: true };
  }
  if (httpStatus === 200 && envelope.success === true && envelope.responseCode === 'DP00800001006') {
    return { kind: 'accepted', providerReference: transactionId, alreadySubmitted: false };
  }
  // A final reason with `success: false` (an amount under the minimum, a barred payer): nothing was started.
  const known = envelope.responseCode ? COLLECTION_CODES[envelope.responseCode] : undefined;
  if (envelope.success === false && known?.failure) {
    return { kind: 'refused', code: envelope.responseCode!, message: detail };
  }
  return { kind: 'unknown', detail };
}

/** Where the enquiry says Airtel has no such id: DP00800001025 / DP00900001015, or ESB000045 [AT-ERR]. */
function isNotFound(envelope: Envelope, notFoundCode: string): boolean {
  return envelope.responseCode === notFoundCode || envelope.resultCode === NO_TRANSACTION_FOUND;
}

type Verdict =
  | { kind: 'TS'; airtelMoneyId: string | null }
  | { kind: 'TF' | 'TIP' }
  | { kind: 'not_found' }
  | { kind: 'unknown'; detail: string };

function verdictOf(answer: AirtelExchange, notFoundCode: string): Verdict & { envelope?: Envelope; detail?: string } {
  const read = readAnswer(answer);
  if (read.kind === 'refused') return { kind: 'unknown', detail: read.message };
  if (read.kind === 'unknown') return read;
  const { envelope, detail } = read;
  if (isNotFound(envelope, notFoundCode)) return { kind: 'not_found' };
  const transaction = envelope.transaction;
  const status = transaction && typeof transaction.status === 'string' ? transaction.status.toUpperCase() : null;
  if (read.httpStatus !== 200 || !transaction || !status) return { kind: 'unknown', detail };
  if (status === 'TS') return { kind: 'TS', airtelMoneyId: readText(transaction.airtel_money_id), envelope, detail };
  if (status === 'TF' || status === 'TE') return { kind: 'TF', envelope, detail };
  if (status === 'TIP') return { kind: 'TIP' };
  if (status === 'TA') return { kind: 'unknown', detail: `Airtel Money TA (ambiguous): ${detail}` };
  return { kind: 'unknown', detail: `Airtel Money status ${JSON.stringify(status).slice(0, 20)}: ${detail}` };
}

/**
 * GET /standard/v1/payments/{id}. The answer carries no amount [AT-ENQ], so `amount` is what was asked:
 * a payer approves the prompt's amount or nothing, so TS proves that amount was paid. Without it, or
 * without `airtel_money_id` (the only id to reconcile against), a TS is unknown, never a guess.
 */
export function collectionStatusOf(
  answer: AirtelExchange,
  asked: { amount?: bigint; currency: string },
): CollectionStatus {
  const verdict = verdictOf(answer, COLLECTION_NOT_FOUND);
  switch (verdict.kind) {
    case 'not_found':
      return { status: 'not_found' };
    case 'TIP':
      return { status: 'pending' };
    case 'unknown':
      return { status: 'unknown', detail: verdict.detail };
    case 'TF': {
      const code = verdict.envelope?.responseCode ?? null;
      const known = code ? COLLECTION_CODES[code] : undefined;
      const failure = known?.failure ?? 'provider_error';
      return {
        status: 'failed',
        failure,
        message: `Airtel Money TF ${code ?? ''}: ${known?.text ?? 'no documented reason'}`,
      };
    }
    case 'TS': {
      if (!verdict.airtelMoneyId) return { status: 'unknown', detail: 'Airtel Money TS without airtel_money_id' };
      if (asked.amount === undefined || asked.amount <= 0n) {
        return { status: 'unknown', detail: 'Airtel Money TS, but the amount asked is not known here' };
      }
      return {
        status: 'succeeded',
        providerTransactionId: verdict.airtelMoneyId,
        amount: asked.amount,
        currency: asked.currency,
      };
    }
  }
}

/** POST /standard/v2/disbursements/: a transfer answers its outcome at once, or "in process" [121-AT]. */
export function payoutSubmitResult(answer: AirtelExchange, transactionId: string): AirtelSubmitResult {
  const read = readAnswer(answer);
  if (read.kind !== 'envelope') return read;
  const { envelope, detail } = read;
  const known = envelope.responseCode ? DISBURSEMENT_CODES[envelope.responseCode] : undefined;
  switch (known?.kind) {
    case 'success':
    case 'pending':
      return { kind: 'accepted', providerReference: transactionId, alreadySubmitted: false };
    case 'duplicate':
      // "To know the status of the actual transaction, please do transaction enquiry" [AT-ERR].
      return { kind: 'accepted', providerReference: transactionId, alreadySubmitted: true };
    case 'failed':
      return { kind: 'refused', code: known.payout ?? 'provider_error', message: detail };
    default:
      return { kind: 'unknown', detail };
  }
}

/** GET /standard/v2/disbursements/{id}?transactionType=B2C [121-AT]. */
export function payoutStatusOf(answer: AirtelExchange): PayoutStatus {
  const verdict = verdictOf(answer, DISBURSEMENT_NOT_FOUND);
  switch (verdict.kind) {
    case 'not_found':
      return { status: 'not_found' };
    case 'TIP':
      return { status: 'pending' };
    case 'unknown':
      return { status: 'unknown', detail: verdict.detail };
    case 'TF': {
      const code = verdict.envelope?.responseCode ?? null;
      const known = code ? DISBURSEMENT_CODES[code] : undefined;
      const payout = known?.kind === 'failed' ? (known.payout ?? 'provider_error') : 'provider_error';
      return {
        status: 'failed',
        code: payout,
        message: `Airtel Money TF ${code ?? ''}: ${known?.text ?? 'no documented reason'}`,
      };
    }
    case 'TS':
      return verdict.airtelMoneyId
        ? { status: 'completed', providerTransactionId: verdict.airtelMoneyId }
        : { status: 'unknown', detail: 'Airtel Money TS without airtel_money_id' };
  }
}
