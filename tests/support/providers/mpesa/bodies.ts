import crypto from 'node:crypto';

/**
 * The bodies Daraja writes: its ids, its error shape, its result descriptions and its callbacks, as
 * provider-contracts.md section 2 quotes them from the developer portal.
 */

export interface MpesaDelivery {
  kind: 'stk_callback' | 'b2c_result' | 'status_result';
  /** The CheckoutRequestID, or the OriginatorConversationID (status: the id asked about). */
  reference: string;
  url: string;
  body: unknown;
  /** The receiver's HTTP status, or null when captured by `deliver` or not delivered. */
  receiverStatus: number | null;
}

/**
 * Sources cited in this folder: DJ-B2C, DJ-TS, DJ-EXP, DJ-AUTH are Safaricom's Daraja pages
 * (developer.safaricom.co.ke/apis/BusinessToCustomer, /TransactionStatus, /MpesaExpressSimulate,
 * /Authorization), as scraped in github.com/JacksCodeVault/mpesa-daraja-mcp daraja_docs_v3/docs/*.md.
 */

/** Daraja's error body on every API, with the HTTP status its code starts with. */
export function darajaError(status: number, errorCode: string, errorMessage: string, requestId?: string) {
  return { status, body: { requestId: requestId ?? newRequestId(), errorCode, errorMessage } };
}

const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
const digits = (count: number) => Array.from({ length: count }, () => crypto.randomInt(10)).join('');

/** Like "1c5b-4ba8-815c-ac45c57a3db01495926". */
export const newRequestId = () => `${hex(2)}-${hex(2)}-${hex(2)}-${hex(10)}${digits(3)}`;
export const newMerchantRequestId = () => `${hex(2)}-${hex(2)}-${hex(2)}-${hex(10)}${digits(4)}`;
/**
 * M-Pesa's ConversationID, like "AG_20240706_20106e9209f64bebd05b": AG_, the date, 20 hex digits
 * (samples in DJ-B2C's response and result, DJ-TS's response and result).
 */
export const newConversationId = (now: Date) => `AG_${eatDigits(now).slice(0, 8)}_${hex(10)}`;
/**
 * The OriginatorConversationID M-Pesa generates for a request it did not get one for, like
 * "1236-7134259-1" (DJ-TS response), "3213-416199-2" and "3211-416020-3" (DJ-TS result): "auto-generated
 * by M-PESA for third-party/Organizations. Its value comes from the response message" [DJ-TS].
 */
export const newMpesaOriginatorId = () =>
  `${crypto.randomInt(1000, 10000)}-${crypto.randomInt(100000, 10000000)}-${crypto.randomInt(1, 10)}`;
/** M-Pesa receipts are ten capitals and digits, like "NLJ7RT61SV". */
export const newReceipt = () =>
  Array.from({ length: 10 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[crypto.randomInt(36)]).join('');

let checkoutCounter = 0;
/**
 * Like "ws_CO_180920261803512708374149": ddMMyyyyHHmmss in Nairobi time, one digit, then the phone's
 * last nine digits [NKAP-MPESA]. A counter stands in for the milliseconds so ids never repeat.
 */
export function newCheckoutRequestId(now: Date, phone: string) {
  const eat = eatDigits(now);
  const date = `${eat.slice(6, 8)}${eat.slice(4, 6)}${eat.slice(0, 4)}${eat.slice(8, 14)}`;
  checkoutCounter = (checkoutCounter + 1) % 1000;
  return `ws_CO_${date}${String(checkoutCounter).padStart(3, '0')}${phone.slice(-9)}`;
}

/** yyyyMMddHHmmss in East Africa Time (UTC+3, no daylight saving). */
export function eatDigits(at: Date): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The instant a yyyyMMddHHmmss East Africa Time stamp names, or null when it names no real time. */
export function parseEatTimestamp(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, ...number[]];
  const at = new Date(Date.UTC(year, month! - 1, day, hour! - 3, minute, second));
  return eatDigits(at) === value ? at : null;
}

/** ResultDesc per STK code. The callback and the query word some codes differently [NKAP-MPESA]. */
const STK_DESCRIPTIONS: Record<string, { callback: string; query?: string }> = {
  '0': { callback: 'The service request is processed successfully.' },
  '1': { callback: 'The balance is insufficient for the transaction.' },
  '2': { callback: 'Declined due to limit rule.' },
  '3': { callback: 'Declined due to limit rule: greater than the maximum transaction amount.' },
  '4': { callback: 'Declined due to limit rule: would exceed daily transfer limit.' },
  '8': { callback: 'Declined due to limit rule: would exceed the maximum balance.' },
  '17': { callback: 'Rule limited.' },
  '1019': { callback: 'Transaction has expired.' },
  '1025': { callback: 'An error occurred while sending a push request.' },
  '1032': { callback: 'Request cancelled by user', query: 'Request Cancelled by user.' },
  '1037': { callback: 'No response from user.', query: 'DS timeout user cannot be reached.' },
  '2001': { callback: 'The initiator information is invalid.' },
  '2028': { callback: 'The request is not permitted according to product assignment.' },
  '8006': { callback: 'The security credential is locked.' },
  SFC_IC0003: { callback: 'The operator does not exist.' },
  '1001': { callback: 'Unable to lock subscriber, a transaction is already in process for the current subscriber' },
  '9999': { callback: 'Error sending push' },
  '26': { callback: 'System busy' },
};

export const stkDescription = (code: string, where: 'callback' | 'query') => {
  const known = STK_DESCRIPTIONS[code];
  return (where === 'query' ? known?.query : undefined) ?? known?.callback ?? `Result code ${code}`;
};

/** ResultDesc per B2C code [DJ-B2C]. */
export const B2C_DESCRIPTIONS: Record<string, string> = {
  '0': 'The service request is processed successfully.',
  '1': 'The balance is insufficient for the transaction.',
  '2': 'Declined due to limit rule',
  '3': 'Declined due to limit rule: greater than the maximum transaction amount.',
  '4': 'Declined due to limit rule: would exceed daily transfer limit',
  '8': 'Declined due to limit rule: would exceed the maximum balance.',
  '11': 'The DebitParty is in an invalid state.',
  '21': 'The initiator is not allowed to initiate this request',
  '2001': 'The initiator information is invalid.',
  '2006': 'Declined due to account rule: The account status does not allow this transaction.',
  '2028': 'The request is not permitted according to product assignment.',
  '2040': "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
  '8006': 'The security credential is locked',
  SFC_IC0003: 'The operator does not exist.',
};

/** A ResultCode as Daraja puts it in a callback: a number, except the lettered codes. */
export const callbackCode = (code: string) => (/^\d+$/.test(code) ? Number(code) : code);

/** `{ Key, Value }` parameters; a Key with an undefined value is sent without `Value`, as Daraja does. */
export const parameters = (entries: [string, unknown][]) =>
  entries.map(([Key, Value]) => (Value === undefined ? { Key } : { Key, Value }));

/** "06.07.2024 22:48:52": B2C's own date format, Nairobi time. */
export function b2cDateTime(at: Date): string {
  const d = eatDigits(at);
  return `${d.slice(6, 8)}.${d.slice(4, 6)}.${d.slice(0, 4)} ${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}`;
}
