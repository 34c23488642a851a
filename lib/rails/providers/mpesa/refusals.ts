import type { SubmitResult } from '../types';
import { describe, isInvalidToken, isRecord, type DarajaAnswer } from './daraja';
import { readResultCode } from './result-codes';

/**
 * Which error answers to a submit (STK Push, B2C) prove that nothing will happen. Daraja's error codes
 * start with the HTTP status, and its 500s mix refusals with real failures under one code
 * (`500.001.1001` is "Wrong credentials" and also "The transaction is being processed"), so a 5xx is a
 * refusal only when its code and its documented message both say so [DJ-EXP error table]; any other
 * 5xx may have been acted on and is `unknown`.
 */
type Answered = Extract<DarajaAnswer, { kind: 'answered' }>;
type Refused = Extract<SubmitResult, { kind: 'refused' }>;

/** `500.001.1001` messages documented as refusals of the push itself. */
const REFUSED_PUSH_MESSAGES: [RegExp, string][] = [
  [/wrong credentials/i, 'wrong_credentials'],
  [/merchant does not exist/i, 'merchant_not_found'],
  [/unable to lock subscriber/i, 'subscriber_busy'],
];

/** Gateway policies that reject a request before it reaches M-Pesa. */
const RATE_LIMITS = /spike arrest|quota violation/i;
const SYSTEM_BUSY = /system is busy/i;

/** A refusal for a 4xx or a documented refusing 5xx; null when the answer is no error or not a refusal. */
export function readSubmitError(answer: Answered): Refused | null {
  const { status, error } = answer;
  const said = error ? `${error.errorCode} ${error.errorMessage}`.trim() : `HTTP ${status}`;
  if (isInvalidToken(status, error)) {
    return { kind: 'refused', code: 'auth_refused', message: `Daraja refused a fresh access token: ${said}` };
  }
  if (status >= 400 && status < 500) {
    // "Bad Request - Invalid PhoneNumber" / "Invalid PartyA" / "Invalid PartyB" name the field at fault.
    const aboutNumber = /invalid (phonenumber|partya|partyb|msisdn)/i.test(error?.errorMessage ?? '');
    return { kind: 'refused', code: aboutNumber ? 'invalid_number' : 'invalid_request', message: said };
  }
  if (!error) return null;
  if (error.errorCode === '500.001.1001') {
    const match = REFUSED_PUSH_MESSAGES.find(([pattern]) => pattern.test(error.errorMessage));
    return match ? { kind: 'refused', code: match[1], message: said } : null;
  }
  if ((error.errorCode === '500.003.02' || error.errorCode === '500.003.03') && RATE_LIMITS.test(error.errorMessage)) {
    return { kind: 'refused', code: 'rate_limited', message: said };
  }
  // "500.003.02 System is busy. Please try again in few minutes." / "Retry the request after a short
  // wait" [DJ-EXP error table]: turned away at the gateway, nothing was started.
  if (error.errorCode === '500.003.02' && SYSTEM_BUSY.test(error.errorMessage)) {
    return { kind: 'refused', code: 'system_busy', message: said };
  }
  return null;
}

/**
 * Daraja's acknowledgement of a submit (STK Push, B2C): accepted, with the id it names in `idField`;
 * refused, when the answer proves nothing will happen; anything else is `unknown`.
 */
export function readAcknowledgement(
  answer: DarajaAnswer,
  idField: 'CheckoutRequestID' | 'ConversationID',
): SubmitResult {
  if (answer.kind === 'not_sent') return { kind: 'refused', code: answer.reason, message: answer.detail };
  if (answer.kind === 'unreachable') return { kind: 'unknown', detail: answer.detail };
  const refusal = readSubmitError(answer);
  if (refusal) return refusal;
  const body = answer.body;
  const id = isRecord(body) ? body[idField] : undefined;
  if (
    answer.status === 200 &&
    isRecord(body) &&
    readResultCode(body.ResponseCode) === '0' &&
    typeof id === 'string' &&
    id
  ) {
    return { kind: 'accepted', providerReference: id };
  }
  return { kind: 'unknown', detail: describe(answer) };
}
