import type { ChargeRecord, CustomerRecord, RecipientRecord, TransferRecord } from './state';

/**
 * The JSON Paystack answers and sends, field for field as its published examples: PS-SNIP is github
 * PaystackOSS/doc-code-snippets `src/...`, PS-OAS is github PaystackOSS/openapi `dist/paystack.yaml`.
 * Where the examples stop (a message no example shows), the guess is marked GUESS.
 */
export type Json = Record<string, unknown>;

/** The integration the examples show [PS-SNIP `transfer-successful.json`]. */
export const INTEGRATION = { id: 463433, is_live: false, business_name: 'Paystack Demo' } as const;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const int = (amount: bigint) => Number(amount);

export const errors = {
  /** PS-OAS `Unauthorized` (401). */
  invalidKey: { status: false, message: 'Invalid key' },
  /** PS-OAS `NotFound` (404). */
  notFound: { status: false, message: 'Entity not found' },
  /** PS-SNIP `api/transfers/verify` (404). */
  transferNotFound: { status: false, message: 'Transfer not found' },
  /** PS-SNIP `api/charges/create` (400): the only /charge refusal Paystack shows. */
  emailRequired: { status: false, message: 'Email address is required for association with card' },
  /** Observed on /transaction/initialize (github unicodeveloper/laravel-paystack#106): GUESS for /charge. */
  invalidAmount: { status: false, message: 'Invalid Amount Sent' },
  /** PS-OAS `TransactionInitializeBadRequestModel` example: "the Transaction or Charge". */
  duplicateReference: {
    status: false,
    message: 'Duplicate Transaction Reference',
    meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
    type: 'validation_error',
    code: 'duplicate_reference',
    errorCodeMappingNotFound: false,
  },
  /** GUESS: the message integrators report for a currency the integration cannot take. */
  currencyNotSupported: { status: false, message: 'Currency not supported by merchant' },
  /** PS-SNIP `api/transfers/initiate` (400). */
  invalidRecipient: {
    status: false,
    message: 'Recipient specified is invalid',
    meta: { nextStep: 'Provide a valid recipient. Ensure you are passing the recipient code in the recipient param' },
    type: 'validation_error',
    code: 'invalid_transfer_recipient',
  },
  /**
   * The only documented answer to a repeated transfer reference is the bulk endpoint's (404) [PS-SNIP
   * `api/transfers/bulk`]; what POST /transfer answers is UNDOCUMENTED, so the server answers the same.
   */
  duplicateTransferReference: (reference: string) => ({
    status: false,
    message: `Duplicate reference(s) found: ${reference}`,
    meta: { nextStep: 'Try again later' },
    type: 'api_error',
    code: 'unknown',
  }),
  /** GUESS: the message integrators report; code and type are not documented. */
  insufficientBalance: {
    status: false,
    message: 'Your balance is not enough to fulfil this request',
    meta: { nextStep: 'Top up your balance and try again' },
    type: 'api_error',
    code: 'insufficient_balance',
  },
  /** GUESS: the message integrators report when NIBSS cannot resolve the account. */
  unresolvableAccount: {
    status: false,
    message: 'Could not resolve account name. Check parameters or try again.',
    meta: { nextStep: "Ensure that the value(s) you're passing are valid." },
    type: 'validation_error',
    code: 'invalid_params',
  },
  /** PS-SNIP `api/virtual-terminal/update` (400), the shape of a missing field. */
  missing: (field: string) => ({
    status: false,
    message: `"${field}" is required`,
    meta: { nextStep: 'Provide all required params\u00a0' },
    type: 'validation_error',
    code: 'missing_params',
  }),
  /** PS-SNIP `api/transaction-splits/update` (400), the shape of a field with a wrong value. */
  invalid: (message: string) => ({
    status: false,
    message,
    meta: { nextStep: "Ensure that the value(s) you're passing are valid." },
    type: 'validation_error',
    code: 'invalid_params',
  }),
};

/** POST /charge with `bank_transfer` [PS-SNIP `pwt/index.json`; Kenya adds two fields: `pesalink/index.json`]. */
export function chargeAttempted(charge: ChargeRecord): Json {
  const data: Json = {
    reference: charge.reference,
    status: 'pending_bank_transfer',
    display_text: 'Please make a transfer to the account specified',
    account_name: charge.accountName,
    account_number: charge.accountNumber,
    bank: charge.bank,
    account_expires_at: iso(charge.accountExpiresAt),
  };
  if (charge.currency === 'KES') {
    data.amount = int(charge.amount);
    data.transaction_reference = String(charge.id).slice(-7);
  }
  return { status: true, message: 'Charge attempted', data };
}

function customerJson(customer: CustomerRecord): Json {
  return {
    id: customer.id,
    first_name: null,
    last_name: null,
    email: customer.email,
    customer_code: customer.customerCode,
    phone: null,
    metadata: null,
    risk_action: 'default',
    international_format_phone: null,
  };
}

/** The `authorization` of a PwT payment [PS-SNIP `pwt-events/charge-successful.json`]. */
function transferAuthorization(charge: ChargeRecord, sender: string): Json {
  return {
    authorization_code: `AUTH_${charge.reference.slice(0, 10)}`,
    bin: '008XXX',
    last4: 'X553',
    exp_month: '09',
    exp_year: String(charge.createdAt.getUTCFullYear()),
    channel: 'bank_transfer',
    card_type: 'transfer',
    bank: null,
    country_code: charge.currency === 'KES' ? 'KE' : 'NG',
    brand: 'Managed Account',
    reusable: false,
    signature: null,
    account_name: null,
    sender_country: charge.currency === 'KES' ? 'KE' : 'NG',
    sender_bank: null,
    sender_bank_account_number: 'XXXXXXX553',
    sender_name: sender,
    narration: null,
    receiver_bank_account_number: charge.accountNumber,
    receiver_bank: charge.bank.name,
  };
}

/** 1.5% as in the example (375 on 25000), in integer kobo. */
const feesOf = (amount: bigint) => int((amount * 15n) / 1000n);

/**
 * `data` of GET /transaction/verify/:reference [PS-SNIP `api/transactions/verify`, PS-OAS `VerifyResponse`]
 * and of charge.success [PS-SNIP `pwt-events/charge-successful.json`], for a PwT charge.
 */
export function transactionData(charge: ChargeRecord, verifyStatus: string, sender = 'Jadesola Oluwashina'): Json {
  const paid = charge.status === 'success';
  return {
    id: charge.id,
    domain: 'test',
    status: verifyStatus,
    reference: charge.reference,
    receipt_number: null,
    amount: int(charge.amount),
    message: null,
    // PS-OAS types it a string; while unpaid, the text verify gives an abandoned transaction (GUESS).
    gateway_response: charge.gatewayResponse ?? 'The transaction was not completed',
    paid_at: iso(charge.paidAt),
    created_at: iso(charge.createdAt),
    channel: 'bank_transfer',
    currency: charge.currency,
    ip_address: '172.91.42.100',
    metadata: charge.metadata ?? '',
    log: null,
    fees: paid ? feesOf(charge.amount) : null,
    fees_split: null,
    authorization: paid ? transferAuthorization(charge, sender) : {},
    customer: customerJson(charge.customer),
    plan: null,
    split: {},
    order_id: null,
    paidAt: iso(charge.paidAt),
    createdAt: iso(charge.createdAt),
    requested_amount: int(charge.amount),
    pos_transaction_data: null,
    source: { type: 'api', source: 'merchant_api', entry_point: 'charge', identifier: null },
    fees_breakdown: null,
    connect: null,
    transaction_date: iso(charge.createdAt),
    plan_object: {},
    subaccount: {},
  };
}

/** [PS-SNIP `pwt-events/bank-transfer-rejected.json`]: amount and transaction_id are strings there. */
export function transferRejectedData(charge: ChargeRecord, amount: bigint): Json {
  return {
    bank_transfer: {
      amount: amount.toString(),
      message: 'incorrect amount sent',
      message_type: 'INCORRECT_AMOUNT',
      transaction_id: String(charge.id),
    },
    customer: {
      first_name: null,
      last_name: null,
      email: charge.customer.email,
      phone: null,
      metadata: null,
      domain: 'test',
      customer_code: charge.customer.customerCode,
      risk_action: 'default',
      id: charge.customer.id,
      integration: INTEGRATION.id,
      createdAt: iso(charge.createdAt),
      updatedAt: iso(charge.createdAt),
    },
  };
}

/** POST /transferrecipient's `data` [PS-SNIP `transfer-recipient-bank`, `transfer-recipient-momo`]. */
export function recipientData(recipient: RecipientRecord): Json {
  return {
    active: true,
    createdAt: iso(recipient.createdAt),
    currency: recipient.currency,
    description: '',
    domain: 'test',
    email: null,
    id: recipient.id,
    integration: INTEGRATION.id,
    metadata: null,
    name: recipient.name,
    recipient_code: recipient.recipientCode,
    type: recipient.type,
    updatedAt: iso(recipient.createdAt),
    is_deleted: false,
    isDeleted: false,
    details: {
      authorization_code: null,
      account_number: recipient.accountNumber,
      account_name: null,
      bank_code: recipient.bankCode,
      bank_name: recipient.bankName,
    },
  };
}

/** POST /transfer's `data` [PS-SNIP `api/transfers/initiate`; `initiate-transfer-otp` for `otp`]. */
export function transferQueuedData(transfer: TransferRecord): Json {
  return {
    transfersessionid: [],
    transfertrials: [],
    domain: 'test',
    amount: int(transfer.amount),
    currency: transfer.currency,
    reference: transfer.reference,
    source: 'balance',
    source_details: null,
    reason: transfer.reason,
    status: transfer.status,
    failures: null,
    transfer_code: transfer.transferCode,
    titan_code: null,
    transferred_at: iso(transfer.transferredAt),
    id: transfer.id,
    integration: INTEGRATION.id,
    request: transfer.id + 207_736_199,
    recipient: transfer.recipient.id,
    createdAt: iso(transfer.createdAt),
    updatedAt: iso(transfer.updatedAt),
  };
}

/**
 * GET /transfer/verify/:reference's `data` [PS-SNIP `api/transfers/verify`]; the transfer.* events send
 * the same with `integration` as an object [PS-SNIP `webhooks/events/transfer-*.json`].
 */
export function transferData(transfer: TransferRecord, inEvent = false): Json {
  return {
    amount: int(transfer.amount),
    createdAt: iso(transfer.createdAt),
    currency: transfer.currency,
    domain: 'test',
    failures: null,
    id: transfer.id,
    integration: inEvent ? INTEGRATION : INTEGRATION.id,
    reason: transfer.reason,
    reference: transfer.reference,
    source: 'balance',
    source_details: null,
    status: transfer.status,
    titan_code: null,
    transfer_code: transfer.transferCode,
    request: transfer.id + 207_736_199,
    transferred_at: iso(transfer.transferredAt),
    updatedAt: iso(transfer.updatedAt),
    recipient: recipientData(transfer.recipient),
    session: { provider: transfer.sessionId ? 'nip' : null, id: transfer.sessionId },
    fee_charged: transfer.currency === 'NGN' ? 1000 : 0,
    fees_breakdown: null,
    gateway_response: transfer.gatewayResponse,
  };
}
