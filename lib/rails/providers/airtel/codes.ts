import type { PaymentFailure } from '../types';

/**
 * Airtel's codes in the service's words. Three families [AT-ERR]:
 * - `response_code` DP008… (Collection) and DP009… (Disbursement): what happened to the transaction;
 * - `result_code` ESB…: how the gateway handled the request;
 * - ROUTER… codes: the router refused the request before it reached the wallet.
 * And the transaction status of an enquiry or a callback: TS, TF, TA, TIP [AT-ENQ, AT-CB].
 *
 * Texts are Airtel's, from its Collection and Disbursement error-code pages as copied by integrators
 * (developers.airtel.ug/documentation/{collection,disbursement}-apis/error-codes) [AT-ERR].
 */

/** Transaction statuses [AT-ENQ]; TE ("expired") is listed by integrators only, so it is read as TF would be. */
export const TRANSACTION_STATUSES = {
  TS: 'Transaction Success',
  TF: 'Transaction Failed',
  TA: 'Transaction Ambiguous',
  TIP: 'Transaction in Progress',
} as const;

interface CollectionCode {
  /** null: the code says nothing final (in process, ambiguous, success, not found). */
  failure: PaymentFailure | null;
  text: string;
}

/** Collection `response_code`s [AT-ERR]. */
export const COLLECTION_CODES: Record<string, CollectionCode> = {
  DP00800001000: { failure: null, text: 'Ambiguous: still processing, do the transaction enquiry' },
  DP00800001001: { failure: null, text: 'Transaction is successful' },
  DP00800001002: { failure: 'declined', text: 'Incorrect pin has been entered' },
  DP00800001003: { failure: 'limit_exceeded', text: 'The user has exceeded their wallet allowed transaction limit' },
  DP00800001004: { failure: 'limit_exceeded', text: 'The amount is less than the minimum amount allowed' },
  // Airtel's reason column says "Transaction ID is invalid", its description "User did not enter the pin".
  DP00800001005: { failure: 'timeout', text: 'User did not enter the pin' },
  DP00800001006: { failure: null, text: 'In process: transaction in pending state' },
  DP00800001007: { failure: 'insufficient_funds', text: 'User wallet does not have enough money' },
  DP00800001008: { failure: 'declined', text: 'The transaction was refused' },
  DP00800001009: { failure: 'declined', text: 'Do not honor: a generic refusal' },
  DP00800001010: { failure: 'invalid_number', text: 'Payer barred or not registered on Airtel Money' },
  DP00800001024: { failure: 'timeout', text: 'The transaction was timed out' },
  DP00800001025: { failure: null, text: 'Transaction Not Found' },
  DP00800001026: { failure: 'provider_error', text: 'Forbidden: X-signature and payload did not match' },
  DP00800001029: { failure: 'expired', text: 'Transaction has been expired' },
};

export const COLLECTION_NOT_FOUND = 'DP00800001025';

interface DisbursementCode {
  /** `failed`: final, nothing was paid; the payout code says why. */
  kind: 'success' | 'pending' | 'ambiguous' | 'failed' | 'duplicate' | 'not_found';
  payout?: string;
  text: string;
}

/** Disbursement `response_code`s [AT-ERR]. */
export const DISBURSEMENT_CODES: Record<string, DisbursementCode> = {
  DP00900001000: { kind: 'ambiguous', text: 'Ambiguous: still processing, do the transaction enquiry' },
  DP00900001001: { kind: 'success', text: 'Transaction is successful' },
  DP00900001003: { kind: 'failed', payout: 'limit_exceeded', text: 'Maximum transaction limit reached for the day' },
  DP00900001004: { kind: 'failed', payout: 'invalid_amount', text: 'Amount out of range of the defined limits' },
  DP00900001005: { kind: 'failed', payout: 'provider_error', text: 'Transaction failed' },
  DP00900001006: { kind: 'pending', text: 'Transaction is in process' },
  DP00900001007: { kind: 'failed', payout: 'insufficient_funds', text: 'Not enough funds in account' },
  DP00900001009: { kind: 'failed', payout: 'provider_error', text: 'Initiatee of the transaction is invalid' },
  DP00900001010: { kind: 'failed', payout: 'provider_error', text: 'Payer is not an allowed user' },
  // The 121 platform met this code, not 017, when it sent a transaction id again to Airtel Zambia [121-AT].
  DP00900001011: { kind: 'duplicate', text: 'Transaction with similar information already exists' },
  DP00900001012: { kind: 'failed', payout: 'recipient_not_found', text: 'Mobile number entered is incorrect' },
  DP00900001013: { kind: 'failed', payout: 'declined', text: 'The transaction was refused' },
  DP00900001014: { kind: 'ambiguous', text: 'Transaction timed out: it may be processed or failed, do the enquiry' },
  DP00900001015: { kind: 'not_found', text: 'Transaction Not Found' },
  DP00900001016: { kind: 'failed', payout: 'provider_error', text: 'Forbidden: X-signature and payload did not match' },
  DP00900001017: { kind: 'duplicate', text: 'Duplicate Transaction Id: do the transaction enquiry' },
};

export const DISBURSEMENT_NOT_FOUND = 'DP00900001015';

/**
 * ROUTER and ESB codes that prove the request was refused before anything was done: a wrong header,
 * body, country, currency, number or PIN [AT-ERR]. Every other ESB code is read as unknown: Airtel
 * lists ESB000001 ("Something went wrong"), ESB000004, ESB000008 ("Field validation"), ESB000014 and
 * ROUTER117 as ambiguous states to settle by enquiry.
 */
export const REFUSAL_CODES: Record<string, string> = {
  ROUTER001: 'The wallet is not configured',
  ROUTER003: 'Mandatory parameters are missing in the header or body',
  ROUTER005: 'Country route is not configured',
  ROUTER006: 'Invalid country code provided',
  ROUTER007: 'Not authorized to perform any operations in the provided country',
  ROUTER112: 'Invalid currency provided',
  ROUTER114: 'An error occurred while validating the pin',
  ROUTER115: 'The pin is incorrect',
  ROUTER116: 'The encrypted value of the pin is incorrect',
  ROUTER119: 'Invalid or missing currency',
  ESB000033: 'Invalid MSISDN length',
  ESB000034: 'Invalid country name',
  ESB000035: 'Invalid currency code',
  ESB000036: 'Invalid MSISDN length, or it does not start with 0',
  ESB000039: 'Vendor is not configured to do transactions in the country',
};

/** "External Transaction ID already exists" [AT-ERR]: a Collection request with this id arrived before. */
export const DUPLICATE_TRANSACTION_ID = 'ESB000041';
/** "No Transaction Found With Provided Transaction Id" [AT-ERR]. */
export const NO_TRANSACTION_FOUND = 'ESB000045';
