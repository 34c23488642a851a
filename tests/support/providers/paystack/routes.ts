import type { ProviderReply, ProviderRequest } from '../json-server';
import {
  chargeAttempted,
  errors,
  recipientData,
  transactionData,
  transferData,
  transferQueuedData,
  type Json,
} from './shapes';
import { randomCode, randomDigits, type ChargeRecord, type PaystackState, type TransferRecord } from './state';

/**
 * The HTTP side of the Paystack contract server: the five calls the adapter makes, answered as Paystack
 * documents them (shapes.ts), with the validation Paystack documents and its state kept in `state`.
 */
export interface PaystackWorld {
  secretKey: string;
  state: PaystackState;
  ids: { transaction(): number; customer(): number; recipient(): number; transfer(): number };
  pendingVerifyStatus: 'ongoing' | 'pending' | 'abandoned';
  payWithTransferCurrencies: readonly string[];
  accountExpiry(requested: Date | null, currency: string): Date;
  duplicateTransferReply: 'error' | 'existing';
  transfersNeedOtp: boolean;
  completeTransfersAtOnce: boolean;
  unresolvableAccounts: ReadonlySet<string>;
  /** Called for a transfer that completes inside POST /transfer (`completeTransfersAtOnce`). */
  onTransferCompleted(transfer: TransferRecord): void;
}

/** Paystack's PwT banks: test mode [PS-SNIP `pwt`], Kenya over PesaLink [PS-SNIP `pesalink`]. */
const PWT_BANKS: Record<string, { accountName: string; bank: ChargeRecord['bank'] }> = {
  NGN: { accountName: 'TEST-MANAGED-ACCOUNT', bank: { slug: 'test-bank', name: 'Test Bank', id: 24 } },
  KES: {
    accountName: 'Paystack Payments Kenya Limited',
    bank: { slug: 'dtbk-bank', name: 'Diamond Trust Bank Kenya Ltd', id: 225 },
  },
};

/** Recipient types and the currency each pays in [PS-TRF table]. */
const RECIPIENT_CURRENCIES: Record<string, readonly string[]> = {
  nuban: ['NGN'],
  ghipss: ['GHS'],
  kepss: ['KES'],
  mobile_money: ['GHS', 'KES'],
  basa: ['ZAR'],
};
/** Telcos of `GET /bank?type=mobile_money` [PS-SNIP `list-telcos`] and M-Pesa [PS-TRF]. */
const TELCOS: Record<string, Record<string, string>> = {
  GHS: { MTN: 'MTN', ATL: 'AirtelTigo', VOD: 'Vodafone' },
  KES: { MPESA: 'M-PESA' },
};

const PWT_LONGEST_MS = 30 * 60_000;
/** Our clock and the caller's may differ by a little (inferred). */
const CLOCK_SKEW_MS = 5_000;

const reply = (status: number, body: unknown): ProviderReply => ({ status, body });
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/**
 * Integer minor units. PS-OAS types every amount the adapter sends as `integer` (ChargeCreate,
 * TransferBase), and published-contract.ts refuses anything else before a route runs; a string of
 * digits (the PwT example's "10000") reaches here only from a test that skips that check.
 */
function minorUnits(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value);
  if (typeof value === 'string' && /^[1-9]\d{0,17}$/.test(value)) return BigInt(value);
  return null;
}

export function paystackRoutes(world: PaystackWorld) {
  return (request: ProviderRequest): ProviderReply => {
    if (request.headers.authorization !== `Bearer ${world.secretKey}`) return reply(401, errors.invalidKey);
    if (request.raw && request.json === null) return reply(400, errors.invalid('Request body is not valid JSON'));
    const body = isRecord(request.json) ? request.json : {};
    const route = `${request.method} ${request.path}`;
    const byReference = (prefix: string) =>
      request.method === 'GET' && request.path.startsWith(prefix)
        ? decodeURIComponent(request.path.slice(prefix.length))
        : null;

    if (route === 'POST /charge') return createCharge(world, body);
    if (route === 'POST /transferrecipient') return createRecipient(world, body);
    if (route === 'POST /transfer') return initiateTransfer(world, body);
    const transaction = byReference('/transaction/verify/');
    if (transaction !== null) {
      const charge = world.state.charges.get(transaction);
      if (!charge) return reply(404, errors.notFound);
      const status = charge.status === 'pending_bank_transfer' ? world.pendingVerifyStatus : charge.status;
      return reply(200, { status: true, message: 'Verification successful', data: transactionData(charge, status) });
    }
    const transfer = byReference('/transfer/verify/');
    if (transfer !== null) {
      const found = world.state.transfers.get(transfer);
      if (!found) return reply(404, errors.transferNotFound);
      return reply(200, { status: true, message: 'Transfer retrieved', data: transferData(found) });
    }
    return reply(404, errors.notFound);
  };
}

function createCharge(world: PaystackWorld, body: Json): ProviderReply {
  const email = text(body.email);
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return reply(400, errors.emailRequired);
  const amount = minorUnits(body.amount);
  if (amount === null) return reply(400, errors.invalidAmount);
  const currency = text(body.currency) ?? 'NGN';
  if (!world.payWithTransferCurrencies.includes(currency) || !PWT_BANKS[currency])
    return reply(400, errors.currencyNotSupported);
  // Only Pay with Transfer is simulated: other channels are not this server's contract.
  if (!isRecord(body.bank_transfer)) return reply(400, errors.missing('bank_transfer'));
  const expiresText = body.bank_transfer.account_expires_at;
  const requested = expiresText === undefined ? null : new Date(String(expiresText));
  if (requested && Number.isNaN(requested.getTime()))
    return reply(400, errors.invalid('account_expires_at must be a date-time'));
  // Accounts "expire after 30 minutes" [PS-PWT-SUP]; the API's bounds are unpublished, so a deadline
  // in the past or beyond that is refused (inferred: a lenient fake would hide a request for longer).
  const now = Date.now();
  if (requested && (requested.getTime() <= now || requested.getTime() > now + PWT_LONGEST_MS + CLOCK_SKEW_MS))
    return reply(400, errors.invalid('account_expires_at must be in the next 30 minutes'));
  const reference = body.reference === undefined ? randomCode(10) : text(body.reference);
  if (!reference || !/^[A-Za-z0-9.=-]+$/.test(reference))
    return reply(400, errors.invalid('Only -, ., = and alphanumeric characters allowed in reference'));
  if (world.state.charges.has(reference)) return reply(400, errors.duplicateReference);

  const customer = world.state.customers.get(email) ?? {
    id: world.ids.customer(),
    email,
    customerCode: `CUS_${randomCode(15)}`,
  };
  world.state.customers.set(email, customer);
  const { accountName, bank } = PWT_BANKS[currency]!;
  const charge: ChargeRecord = {
    id: world.ids.transaction(),
    reference,
    email,
    amount,
    currency,
    status: 'pending_bank_transfer',
    accountNumber: `12${randomDigits(8)}`,
    accountName,
    bank,
    requestedExpiresAt: requested,
    accountExpiresAt: world.accountExpiry(requested, currency),
    metadata: body.metadata ?? null,
    createdAt: new Date(),
    paidAt: null,
    gatewayResponse: null,
    customer,
    refunds: [],
  };
  world.state.charges.set(reference, charge);
  return reply(200, chargeAttempted(charge));
}

function createRecipient(world: PaystackWorld, body: Json): ProviderReply {
  for (const field of ['type', 'name', 'account_number', 'bank_code'])
    if (!text(body[field])) return reply(400, errors.missing(field));
  const type = String(body.type);
  const currency = text(body.currency) ?? 'NGN';
  const currencies = RECIPIENT_CURRENCIES[type];
  if (!currencies) return reply(400, errors.invalid(`Invalid recipient type: ${type}`));
  if (!currencies.includes(currency))
    return reply(400, errors.invalid(`${type} recipients are not paid in ${currency}`));
  const accountNumber = String(body.account_number);
  const bankCode = String(body.bank_code);
  const telco = type === 'mobile_money' ? TELCOS[currency]?.[bankCode] : undefined;
  if (type === 'mobile_money' && !telco) return reply(400, errors.invalid(`Invalid bank code: ${bankCode}`));
  // Every published mobile-money recipient writes the wallet number in local form, 0 and 9 digits
  // ("0551234987" in Ghana, "0751234987" for M-Pesa) [PS-SNIP momo and M-Pesa recipients]; Paystack's
  // answer to another form is unpublished: refused here (inferred), so the adapter keeps to that form.
  if (type === 'mobile_money' && !/^0\d{9}$/.test(accountNumber))
    return reply(400, errors.invalid(`Invalid account number: ${accountNumber}`));
  if (type !== 'mobile_money' && !/^\d{3,6}$/.test(bankCode))
    return reply(400, errors.invalid(`Invalid bank code: ${bankCode}`));
  if (world.unresolvableAccounts.has(accountNumber)) return reply(400, errors.unresolvableAccount);

  // "A duplicate account number will lead to the retrieval of the existing record" [PS-OAS].
  const existing = [...world.state.recipients.values()].find(
    (r) => r.type === type && r.accountNumber === accountNumber && r.bankCode === bankCode && r.currency === currency,
  );
  const recipient = existing ?? {
    id: world.ids.recipient(),
    recipientCode: `RCP_${randomCode(15)}`,
    type,
    name: String(body.name),
    accountNumber,
    bankCode,
    bankName: telco ?? `Bank ${bankCode}`,
    currency,
    createdAt: new Date(),
  };
  world.state.recipients.set(recipient.recipientCode, recipient);
  // 201 per PS-OAS `transferrecipient_create`.
  return reply(201, {
    status: true,
    message: 'Transfer recipient created successfully',
    data: recipientData(recipient),
  });
}

function initiateTransfer(world: PaystackWorld, body: Json): ProviderReply {
  for (const field of ['source', 'amount', 'recipient'])
    if (body[field] === undefined || body[field] === '') return reply(400, errors.missing(field));
  if (body.source !== 'balance') return reply(400, errors.invalid('Invalid source: only balance is supported'));
  const amount = minorUnits(body.amount);
  if (amount === null) return reply(400, errors.invalid('Invalid amount'));
  // "When you don't provide a transfer reference, Paystack generates one for you" [PS-TRF].
  const reference = body.reference === undefined ? randomCode(16) : text(body.reference);
  if (!reference || !/^[a-z0-9_-]{16,50}$/.test(reference))
    return reply(400, errors.invalid('Reference must be 16 to 50 lowercase letters, digits, - or _'));

  const existing = world.state.transfers.get(reference);
  if (existing) {
    if (world.duplicateTransferReply === 'existing')
      return reply(200, { status: true, message: 'Transfer has been queued', data: transferQueuedData(existing) });
    return reply(404, errors.duplicateTransferReference(reference));
  }
  const recipient = world.state.recipients.get(String(body.recipient));
  if (!recipient) return reply(400, errors.invalidRecipient);
  const currency = text(body.currency) ?? 'NGN';
  if (currency !== recipient.currency)
    return reply(400, errors.invalid(`The recipient is paid in ${recipient.currency}, not ${currency}`));
  const balance = world.state.balances.get(currency) ?? 0n;
  if (balance < amount) return reply(400, errors.insufficientBalance);

  world.state.balances.set(currency, balance - amount);
  const now = new Date();
  const transfer: TransferRecord = {
    id: world.ids.transfer(),
    transferCode: `TRF_${randomCode(16)}`,
    reference,
    amount,
    currency,
    reason: text(body.reason),
    recipient,
    status: world.transfersNeedOtp ? 'otp' : 'pending',
    gatewayResponse: null,
    sessionId: null,
    createdAt: now,
    updatedAt: now,
    transferredAt: null,
  };
  world.state.transfers.set(reference, transfer);
  if (transfer.status === 'otp')
    return reply(200, {
      status: true,
      message: 'Transfer requires OTP to continue',
      data: transferQueuedData(transfer),
    });
  if (world.completeTransfersAtOnce) {
    // As the documented example: `success` at once in the initiate answer [PS-SNIP `api/transfers/initiate`].
    settleTransfer(transfer, 'success');
    world.onTransferCompleted(transfer);
  }
  return reply(200, { status: true, message: 'Transfer has been queued', data: transferQueuedData(transfer) });
}

/** Moves a transfer to a final status, as the processor's answer would. */
export function settleTransfer(transfer: TransferRecord, status: 'success' | 'failed' | 'reversed', message?: string) {
  const now = new Date();
  transfer.status = status;
  transfer.updatedAt = now;
  if (status !== 'failed') {
    transfer.transferredAt ??= now;
    transfer.sessionId ??= randomDigits(30);
  }
  transfer.gatewayResponse = message ?? (status === 'success' ? 'Approved' : null);
}
