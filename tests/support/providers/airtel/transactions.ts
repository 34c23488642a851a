import crypto from 'node:crypto';
import type { ProviderReply } from '../json-server';
import { amountProblem, idProblem, isObject, msisdnProblem, referenceProblem, refused, statusReply } from './checks';

/**
 * The two products' request bodies, the state kept per transaction id, and the answers built from it
 * (provider-contracts 4.2 to 4.6).
 */
export type AirtelProduct = 'collection' | 'disbursement';
/** Transaction statuses [AT-ENQ]. */
export type AirtelStatus = 'TIP' | 'TS' | 'TF' | 'TA';

export interface AirtelTransaction {
  product: AirtelProduct;
  id: string;
  /** As received: a JSON number in major units. */
  amount: number;
  msisdn: string;
  reference: string;
  status: AirtelStatus;
  /** The `response_code` the enquiry answers with. */
  responseCode: string;
  airtelMoneyId: string | null;
  message: string;
}

export interface Market {
  country: string;
  currency: string;
  amountDecimals: number;
}

/** Airtel Money ids look like `MP210603.1234.L06941` (collections) [AT-CB]. */
export function newAirtelMoneyId(prefix = 'MP'): string {
  const now = new Date().toISOString();
  const date = `${now.slice(2, 4)}${now.slice(5, 7)}${now.slice(8, 10)}`;
  return `${prefix}${date}.${now.slice(11, 13)}${now.slice(14, 16)}.L${crypto.randomInt(10_000, 99_999)}`;
}

const REFERENCE_PROBLEM = 'Invalid reference: it must be alphanumeric, 4 to 64 characters';

/**
 * POST /merchant/v1/payments/ [AT-COL]. A reused id is ESB000041 [AT-ERR]; a bad number ESB000033; an
 * amount out of rule DP00800001004; a subscriber in another country or currency ESB000034 / ESB000035.
 */
export function createCollection(
  json: unknown,
  market: Market,
  store: Map<string, AirtelTransaction>,
  minimumAmount: number,
): ProviderReply {
  const missing = refused({ result_code: 'ROUTER003' }, 'Missing header/body params', 400);
  if (!isObject(json) || !isObject(json.subscriber) || !isObject(json.transaction)) return missing;
  const { subscriber, transaction } = json;
  if (idProblem(transaction.id)) return missing;
  const id = transaction.id as string;
  if (store.has(id)) return refused({ result_code: 'ESB000041' }, 'External Transaction ID already exists.');
  if (subscriber.country !== market.country || transaction.country !== market.country) {
    return refused({ result_code: 'ESB000034' }, 'Invalid Country Name');
  }
  if (subscriber.currency !== market.currency || transaction.currency !== market.currency) {
    return refused({ result_code: 'ESB000035' }, 'Invalid Currency Code');
  }
  if (msisdnProblem(subscriber.msisdn)) {
    return refused({ result_code: 'ESB000033' }, 'Invalid MSISDN Length. MSISDN Length should be 9');
  }
  if (referenceProblem(json.reference)) return refused({ result_code: 'ESB000008' }, REFERENCE_PROBLEM);
  const amount = transaction.amount;
  if (amountProblem(amount, market.amountDecimals) || (amount as number) < minimumAmount) {
    return refused({ response_code: 'DP00800001004', result_code: 'ESB000008' }, 'Invalid Amount');
  }
  store.set(id, {
    product: 'collection',
    id,
    amount: amount as number,
    msisdn: String(subscriber.msisdn),
    reference: json.reference as string,
    status: 'TIP',
    responseCode: 'DP00800001006',
    airtelMoneyId: null,
    message: 'In process',
  });
  // Airtel's example: `id: false`, status "SUCCESS": the push was sent, nothing is decided [AT-COL].
  return statusReply(
    { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: 'DP00800001006', success: true },
    { data: { transaction: { id: false, status: 'SUCCESS' } } },
  );
}

export interface DisbursementContext {
  market: Market;
  store: Map<string, AirtelTransaction>;
  pinIsRight: (pin: string) => boolean;
  /** What a reused id answers: DP00900001017 (documented) or DP00900001011 (met in Zambia) [121-AT]. */
  duplicateCode: 'DP00900001017' | 'DP00900001011';
  /** `immediate`: settled in the answer, as Airtel Zambia does [121-AT]; `pending`: DP00900001006, settled later. */
  mode: 'immediate' | 'pending';
  /** The disbursement wallet's balance in major units; more than it is DP00900001007. */
  balance: () => number;
  debit: (amount: number) => void;
}

/** POST /standard/v2/disbursements/ [121-AT]; refusals as recorded by the 121 platform [121-MOCK]. */
export function createDisbursement(json: unknown, context: DisbursementContext): ProviderReply {
  const { market, store } = context;
  const failed = (code: string, message: string, result = 'ESB000008') =>
    refused({ response_code: code, result_code: result }, message);
  if (!isObject(json) || !isObject(json.payee) || !isObject(json.transaction)) {
    return failed('DP00900001013', 'Missing header/body params');
  }
  const { payee, transaction } = json;
  if (typeof json.pin !== 'string' || !json.pin) return failed('DP00900001013', 'Missing header/body params');
  if (!context.pinIsRight(json.pin)) return failed('DP00900001013', 'Incorrect Encrypted Pin');
  if (idProblem(transaction.id)) return failed('DP00900001013', 'Missing header/body params');
  const id = transaction.id as string;
  if (store.has(id)) {
    return failed(
      context.duplicateCode,
      'Duplicate Transaction Id. To know the status of the actual transaction, please do transaction enquiry.',
    );
  }
  if (transaction.type !== 'B2C' && transaction.type !== 'B2B')
    return failed('DP00900001013', 'Invalid transaction type');
  if (payee.currency !== undefined && payee.currency !== market.currency) {
    return failed('DP00900001013', 'Invalid/Missing Currency');
  }
  if (msisdnProblem(payee.msisdn)) {
    return failed('DP00900001013', 'Invalid Msisdn Length. Msisdn Length should be 9', '521002');
  }
  if (referenceProblem(json.reference)) return failed('DP00900001013', REFERENCE_PROBLEM);
  const amount = transaction.amount;
  if (amountProblem(amount, market.amountDecimals)) {
    return failed(
      'DP00900001004',
      'Invalid Amount: The amount must not be null or blank, should contain only numeric characters, be greater than zero, and have a limited number of decimal places',
    );
  }
  const record: AirtelTransaction = {
    product: 'disbursement',
    id,
    amount: amount as number,
    msisdn: String(payee.msisdn),
    reference: json.reference as string,
    status: 'TIP',
    responseCode: 'DP00900001006',
    airtelMoneyId: null,
    message: 'Transaction is in process.',
  };
  store.set(id, record);
  if ((amount as number) > context.balance()) {
    Object.assign(record, {
      status: 'TF',
      responseCode: 'DP00900001007',
      message: 'Not enough funds in account to complete the transaction.',
    });
    return statusReply(
      {
        code: '200',
        message: record.message,
        result_code: 'ESB000011',
        response_code: 'DP00900001007',
        success: false,
      },
      { data: { transaction: { id, status: 'TF' } } },
    );
  }
  if (context.mode === 'pending') {
    return statusReply(
      { code: '200', message: record.message, result_code: 'ESB000010', response_code: 'DP00900001006', success: true },
      { data: { transaction: { id, status: 'TIP' } } },
    );
  }
  context.debit(amount as number);
  Object.assign(record, { status: 'TS', responseCode: 'DP00900001001', airtelMoneyId: newAirtelMoneyId('CI') });
  record.message = `You have sent ${market.currency} ${amount} to ${record.msisdn}. TID: ${record.airtelMoneyId}`;
  return statusReply(
    { code: '200', message: record.message, result_code: 'ESB000010', response_code: 'DP00900001001', success: true },
    {
      data: {
        transaction: { reference_id: record.airtelMoneyId, airtel_money_id: record.airtelMoneyId, id, status: 'TS' },
      },
    },
  );
}

/** The enquiry's answer [AT-ENQ, 121-AT]; `airtel_money_id` only once there is one. */
export function enquiryReply(transaction: AirtelTransaction): ProviderReply {
  const data: Record<string, unknown> = {
    id: transaction.id,
    message: transaction.message,
    status: transaction.status,
  };
  if (transaction.airtelMoneyId) data.airtel_money_id = transaction.airtelMoneyId;
  return statusReply(
    {
      code: '200',
      message: 'SUCCESS',
      result_code: 'ESB000010',
      response_code: transaction.responseCode,
      success: true,
    },
    { data: { transaction: data } },
  );
}

/** An id Airtel never received: DP00800001025 / DP00900001015 with ESB000045 [AT-ERR]; the pairing and HTTP 200 inferred. */
export function notFoundReply(product: AirtelProduct): ProviderReply {
  const responseCode = product === 'collection' ? 'DP00800001025' : 'DP00900001015';
  return refused(
    { response_code: responseCode, result_code: 'ESB000045' },
    'No Transaction Found With Provided Transaction Id.',
  );
}
