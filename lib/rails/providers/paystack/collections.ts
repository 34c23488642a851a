import type { CurrencyCode } from '../../../platform/money/currencies';
import type { BankTransferProvider, CollectionStatus, SubmitResult, TransferAccount } from '../types';
import { isRecord, readMinorUnits, refusalOf, stringField, type PaystackClient } from './client';

/**
 * Pay with Transfer: `POST /charge` with `bank_transfer.account_expires_at` gives a temporary account
 * for this payment, its exact amount and a deadline [PS-SNIP `payments/payment-methods/pwt`]. Kenya
 * has the same request answered over PesaLink [PS-SNIP `pesalink`]; Paystack documents it nowhere
 * else ("currently only available in Nigeria" [PS-PWT-SUP]), so GHS is refused here without a call.
 *
 * POST /charge → openTransferAccount
 * | Paystack's answer                                        | seam                                 |
 * |----------------------------------------------------------|--------------------------------------|
 * | 200 `data.status: "pending_bank_transfer"` + account      | accepted (account, expiry as given)  |
 * | 200 `data.status: "failed"`                                | refused `charge_failed`              |
 * | 200 other status, or a field missing / unreadable          | unknown                              |
 * | 401 (or 400) "Invalid key"                                 | refused `invalid_key`                |
 * | other 4xx envelope (`duplicate_reference`, bad email, …)   | refused (Paystack's `code`)          |
 * | 5xx, time-out, connection lost, not Paystack's envelope    | unknown                              |
 * A 4xx can be read as `refused` even where an earlier request made an account (`duplicate_reference`
 * after an unknown answer): nobody was shown its number, so no money can reach it, and late or wrong
 * transfers are refunded [PS-PWT-SUP]. The service must never re-open an attempt whose account it showed.
 *
 * GET /transaction/verify/:reference → queryPayment
 * | `data.status`                                                  | seam                              |
 * |----------------------------------------------------------------|-----------------------------------|
 * | `success`                                                      | succeeded (`data.amount` received)|
 * | `pending_bank_transfer`, `ongoing`, `pending`, `processing`,   | pending                           |
 * | `queued`, `abandoned`                                          |                                   |
 * | `failed`                                                       | failed `declined`                 |
 * | `reversed`                                                     | failed `declined`                 |
 * | anything else                                                  | unknown                           |
 * | 404, or 400 "Transaction reference not found"                  | not_found                         |
 * | 401 / other 4xx / 5xx / time-out                               | unknown                           |
 * What verify says while a PwT charge waits is UNDOCUMENTED (integrators report `ongoing`, `pending`
 * and `abandoned`; Checkout reports `abandoned` for anything not yet paid). No expiry status or event
 * is documented either, so `abandoned` stays pending: the deadline is the one Paystack answered
 * (`account_expires_at`), and transfers after it are refunded by Paystack [PS-PWT-SUP].
 */
export const PAY_WITH_TRANSFER_CURRENCIES: readonly CurrencyCode[] = ['NGN', 'KES'];

/**
 * The longest a PwT account lives: "the account numbers generated will expire after 30 minutes"
 * [PS-PWT-SUP]. The API's own bounds on `account_expires_at` are published nowhere (PS-OAS does not
 * even list `bank_transfer`), so we never ask for longer than that (inferred: the one published
 * lifetime); a checkout that lives longer gets an account that closes at this bound, and the page
 * shows the account's deadline (the one Paystack answers).
 */
export const PAY_WITH_TRANSFER_MAX_MS = 30 * 60_000;

/** "Only -, ., = and alphanumeric characters allowed" [PS-OAS `ChargeCreate.reference`]. */
const CHARGE_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

const WAITING = new Set(['pending_bank_transfer', 'ongoing', 'pending', 'processing', 'queued', 'abandoned']);

export function collectionsOf(
  client: PaystackClient,
): Pick<BankTransferProvider, 'openTransferAccount' | 'queryPayment'> {
  return {
    async openTransferAccount(request): Promise<SubmitResult<{ account: TransferAccount }>> {
      if (!PAY_WITH_TRANSFER_CURRENCIES.includes(request.currency))
        return refused('unsupported_currency', `Paystack Pay with Transfer does not collect ${request.currency}`);
      if (request.amount <= 0n || request.amount > BigInt(Number.MAX_SAFE_INTEGER))
        return refused('invalid_amount', 'the amount is out of range');
      if (!CHARGE_REFERENCE.test(request.attemptId))
        return refused('invalid_reference', 'the attempt id is not a valid Paystack reference');

      const latest = new Date(Date.now() + PAY_WITH_TRANSFER_MAX_MS);
      const expiresAt = request.expiresAt < latest ? request.expiresAt : latest;
      const answer = await client.call('POST', '/charge', {
        email: request.customerEmail,
        // A JSON integer in subunits, as PS-OAS `ChargeCreate.amount` types it (the PwT example's
        // string "10000" is not what the published contract declares); the range was checked above.
        amount: Number(request.amount),
        currency: request.currency,
        reference: request.attemptId,
        bank_transfer: { account_expires_at: expiresAt.toISOString() },
        // Paystack has no per-charge description or callback URL on /charge: webhooks go to the
        // dashboard's URL. Our ids travel in metadata and come back in charge.success.
        metadata: {
          attempt_id: request.attemptId,
          checkout_reference: request.reference,
          description: request.description,
        },
      });
      if (answer.kind === 'unknown') return { kind: 'unknown', detail: answer.detail };
      if (answer.kind === 'error') return { kind: 'refused', ...refusalOf(answer) };
      return readCharge(answer.data, request.amount, client);
    },

    async queryPayment(request): Promise<CollectionStatus> {
      const answer = await client.call('GET', `/transaction/verify/${encodeURIComponent(request.providerReference)}`);
      if (answer.kind === 'unknown') return { status: 'unknown', detail: answer.detail };
      if (answer.kind === 'error') {
        // 404 per PS-OAS; live answers `{"status":false,"message":"Transaction reference not found"}`
        // (reported in github kehers/paystack#17), so that message is read the same way.
        if (answer.httpStatus === 404 || /transaction reference not found/i.test(answer.message))
          return { status: 'not_found' };
        return { status: 'unknown', detail: `Paystack verify: HTTP ${answer.httpStatus} ${answer.message}` };
      }
      return readTransaction(answer.data, request.providerReference);
    },
  };
}

function readCharge(data: unknown, amount: bigint, client: PaystackClient): SubmitResult<{ account: TransferAccount }> {
  if (!isRecord(data)) return { kind: 'unknown', detail: 'Paystack /charge: no data in the answer' };
  const status = stringField(data, 'status');
  if (status === 'failed') {
    const message = stringField(data, 'message') ?? stringField(data, 'gateway_response') ?? 'the charge failed';
    return { kind: 'refused', code: 'charge_failed', message: client.redact(message) };
  }
  if (status !== 'pending_bank_transfer')
    return { kind: 'unknown', detail: `Paystack /charge: status ${status ?? 'missing'}, not pending_bank_transfer` };

  const reference = stringField(data, 'reference');
  const accountNumber = stringField(data, 'account_number');
  const accountName = stringField(data, 'account_name');
  const bankName = isRecord(data.bank) ? stringField(data.bank, 'name') : null;
  const expiresText = stringField(data, 'account_expires_at');
  const expiresAt = expiresText ? new Date(expiresText) : null;
  if (!reference || !accountNumber || !accountName || !bankName || !expiresAt || Number.isNaN(expiresAt.getTime()))
    return { kind: 'unknown', detail: 'Paystack /charge: the account, its bank or its expiry is missing' };
  // The Kenyan answer echoes the amount [PS-SNIP `pesalink`]: an account for another sum is not ours to show.
  if (data.amount !== undefined && readMinorUnits(data.amount) !== amount)
    return { kind: 'unknown', detail: 'Paystack /charge: the account is for another amount' };
  return {
    kind: 'accepted',
    providerReference: reference,
    account: { bankName, accountName, accountNumber, expiresAt },
  };
}

/** A verify answer's `data` (or a charge.success event's) read as the seam's status. */
export function readTransaction(data: unknown, providerReference: string): CollectionStatus {
  if (!isRecord(data)) return { status: 'unknown', detail: 'Paystack verify: no data in the answer' };
  if (data.reference !== providerReference)
    return { status: 'unknown', detail: 'Paystack verify: the answer is about another reference' };
  const status = stringField(data, 'status');
  if (status === 'success') {
    const amount = readMinorUnits(data.amount);
    const currency = stringField(data, 'currency');
    const id = typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : null;
    if (amount === null || !currency || !id)
      return { status: 'unknown', detail: 'Paystack verify: success without a readable amount, currency or id' };
    return { status: 'succeeded', providerTransactionId: id, amount, currency };
  }
  if (status && WAITING.has(status)) return { status: 'pending' };
  if (status === 'failed' || status === 'reversed') {
    const message = stringField(data, 'gateway_response') ?? stringField(data, 'message') ?? `Paystack: ${status}`;
    return { status: 'failed', failure: 'declined', message };
  }
  return { status: 'unknown', detail: `Paystack verify: status ${status ?? 'missing'}` };
}

function refused(code: string, message: string): SubmitResult<{ account: TransferAccount }> {
  return { kind: 'refused', code, message };
}
