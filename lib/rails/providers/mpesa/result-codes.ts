import type { CollectionStatus, PaymentFailure, PayoutStatus } from '../types';

/**
 * Daraja's result codes in the service's words. Every code listed is final: Daraja sends it once the
 * prompt or the transfer has ended, and nothing more happens to that request. A code not listed here
 * is read as `unknown`, never as a failure: 4999 ("still under processing") was found by integrators,
 * not in the docs, and another unlisted code could be just as unfinished.
 */

/** M-Pesa Express (STK) codes: the official table [DJ-EXP], then community-reported ones. */
export const STK_RESULT_CODES: Record<string, { failure: PaymentFailure; meaning: string }> = {
  '1': { failure: 'insufficient_funds', meaning: 'The balance is insufficient for the transaction.' },
  '2': { failure: 'limit_exceeded', meaning: 'Declined due to limit rule: below the minimum amount.' },
  '3': { failure: 'limit_exceeded', meaning: 'Declined due to limit rule: greater than the maximum amount.' },
  '4': { failure: 'limit_exceeded', meaning: 'Declined due to limit rule: would exceed the daily transfer limit.' },
  '8': { failure: 'limit_exceeded', meaning: 'Declined due to limit rule: would exceed the maximum balance.' },
  '17': { failure: 'limit_exceeded', meaning: 'Rule limited: the same amount to the same customer within 2 minutes.' },
  '1019': { failure: 'expired', meaning: 'Transaction has expired.' },
  '1025': { failure: 'provider_error', meaning: 'An error occurred while sending a push request.' },
  '1032': { failure: 'declined', meaning: 'Request cancelled by user.' },
  '1037': { failure: 'timeout', meaning: 'DS timeout user cannot be reached.' },
  // In the STK context 2001 is the customer's wrong M-PESA PIN [DJ-EXP].
  '2001': { failure: 'declined', meaning: 'The initiator information is invalid (wrong PIN).' },
  '2028': { failure: 'provider_error', meaning: 'The request is not permitted according to product assignment.' },
  '8006': { failure: 'declined', meaning: 'The security credential is locked.' },
  SFC_IC0003: { failure: 'provider_error', meaning: 'The operator does not exist.' },
  // Community-reported, not in the official table (provider-contracts.md 2.5).
  '1001': { failure: 'provider_error', meaning: 'Unable to lock subscriber: a transaction is already in process.' },
  '9999': { failure: 'provider_error', meaning: 'An error occurred while sending a push request.' },
  '26': { failure: 'provider_error', meaning: 'System busy.' },
};

/** "The transaction is still under processing": seen on the STK query, not documented [NKAP-MPESA]. */
export const STK_STILL_PROCESSING = '4999';

/** The status an STK ResultCode other than 0 means. */
export function stkFailureStatus(code: string, description: string): CollectionStatus {
  if (code === STK_STILL_PROCESSING) return { status: 'pending' };
  const known = STK_RESULT_CODES[code];
  if (!known) return { status: 'unknown', detail: `unlisted M-Pesa ResultCode ${code}: ${description}` };
  return { status: 'failed', failure: known.failure, message: description || known.meaning };
}

/** B2C codes [DJ-B2C], as the `code` of a failed payout. */
export const B2C_RESULT_CODES: Record<string, { code: string; meaning: string }> = {
  '1': { code: 'insufficient_balance', meaning: 'The B2C utility account balance is insufficient.' },
  '2': { code: 'amount_below_minimum', meaning: 'Declined due to limit rule: below the minimum amount.' },
  '3': { code: 'amount_above_maximum', meaning: 'Declined due to limit rule: greater than the maximum amount.' },
  '4': { code: 'daily_limit_exceeded', meaning: 'Declined due to limit rule: would exceed the daily limit.' },
  '8': { code: 'recipient_balance_limit', meaning: "Would exceed the customer's maximum balance." },
  '11': { code: 'debit_party_invalid', meaning: 'The DebitParty is in an invalid state.' },
  '21': { code: 'initiator_not_allowed', meaning: 'The initiator is not allowed to initiate this request.' },
  '2001': { code: 'initiator_invalid', meaning: 'The initiator information is invalid.' },
  '2006': { code: 'account_rule_declined', meaning: 'The account status does not allow this transaction.' },
  '2028': { code: 'not_permitted', meaning: 'The request is not permitted according to product assignment.' },
  '2040': { code: 'recipient_unregistered', meaning: 'The customer is not a registered M-PESA customer.' },
  '8006': { code: 'credential_locked', meaning: 'The security credential is locked.' },
  SFC_IC0003: { code: 'recipient_not_found', meaning: 'The operator (phone number) does not exist.' },
};

export function b2cFailureStatus(code: string, description: string): PayoutStatus {
  const known = B2C_RESULT_CODES[code];
  if (!known) return { status: 'unknown', detail: `unlisted M-Pesa B2C ResultCode ${code}: ${description}` };
  return { status: 'failed', code: known.code, message: description || known.meaning };
}

/** A ResultCode as text: callbacks send numbers, the STK query sends strings. */
export function readResultCode(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string' && value.trim()) return value.trim();
  return null;
}
