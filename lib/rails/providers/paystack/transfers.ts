import type { CurrencyCode } from '../../../platform/money/currencies';
import type { PayoutProvider, PayoutStatus, PayoutTarget, SubmitResult } from '../types';
import { isInvalidKey, isRecord, readMinorUnits, refusalOf, stringField, type PaystackClient } from './client';

/**
 * Payouts: a transfer recipient (`POST /transferrecipient`), then `POST /transfer` from the balance
 * with our payout id as `reference`, Paystack's idempotency key: "retry a non-conclusive transfer
 * rather than initiate a new request" [PS-TRF]. How Paystack answers a repeated reference on a single
 * transfer is UNDOCUMENTED (bulk transfers answer 404 "Duplicate reference(s) found: …" [PS-SNIP
 * `api/transfers/bulk`]). So a 4xx on POST /transfer is never read alone: `GET /transfer/verify/:ref`
 * decides. If the reference exists, the transfer is ours (accepted); only a 404 there makes it a refusal.
 *
 * Recipients (PS-TRF table; PS-OAS `TransferRecipientCreate.type`):
 * | currency | target        | type           | bank_code                       | account_number      |
 * |----------|---------------|----------------|---------------------------------|---------------------|
 * | NGN      | bank_transfer | `nuban`        | the bank's code                 | the NUBAN           |
 * | GHS      | bank_transfer | `ghipss`       | the bank's code                 | the account         |
 * | KES      | bank_transfer | `kepss`        | the bank's code (PS-TRF only, not in the OpenAPI enum) |
 * | GHS      | mobile_money  | `mobile_money` | `MTN` (mtn_momo), `VOD` (vodafone_cash) | local `0…` number |
 * | KES      | mobile_money  | `mobile_money` | `MPESA` (mpesa)                 | local `0…` number   |
 *
 * POST /transfer → sendPayout; GET /transfer/verify/:reference → queryPayout
 * | Paystack                                              | sendPayout         | queryPayout (`data.status`)   |
 * |-------------------------------------------------------|--------------------|-------------------------------|
 * | 200 with `transfer_code` (any status, incl. `otp`)    | accepted           |                               |
 * | 4xx, verify finds the reference (same amount)         | accepted           |                               |
 * | 4xx, verify answers 404                               | refused (its code) |                               |
 * | 401 / "Invalid key"                                   | refused invalid_key| unknown                       |
 * | 5xx, time-out, unreadable, verify inconclusive        | unknown            | unknown                       |
 * | `success`                                             |                    | completed (`transfer_code`)   |
 * | `pending`, `received`, `otp`, `queued`, `processing`  |                    | pending                       |
 * | `failed`, `reversed`, `abandoned`, `blocked`, `rejected` |                 | failed (code = the status)    |
 * | 404 "Transfer not found"                              |                    | not_found                     |
 * `reversed` can follow `success` (the bank could not take it; the money is back in the balance) [PS-TRF].
 */
export const PAYOUT_CURRENCIES: readonly CurrencyCode[] = ['NGN', 'GHS', 'KES'];

/**
 * "A lowercase alphanumeric string with only -,_ symbols allowed", at least 16 long [PS-OAS `TransferBase`];
 * 50 at most per third-party notes (research file 3.5). Our payout ids (lowercase UUIDs) are 36.
 */
const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,50}$/;

const BANK_TYPES: Partial<Record<CurrencyCode, string>> = { NGN: 'nuban', GHS: 'ghipss', KES: 'kepss' };
/** Telco codes from `GET /bank?currency=GHS&type=mobile_money` [PS-SNIP] and `MPESA` for KES [PS-TRF]. */
const TELCOS: Partial<Record<CurrencyCode, { callingCode: string; codes: Record<string, string> }>> = {
  GHS: { callingCode: '233', codes: { mtn_momo: 'MTN', vodafone_cash: 'VOD' } },
  KES: { callingCode: '254', codes: { mpesa: 'MPESA' } },
};

const IN_FLIGHT = new Set(['pending', 'received', 'otp', 'queued', 'processing']);
const CONCLUSIVELY_UNPAID = new Set(['failed', 'reversed', 'abandoned', 'blocked', 'rejected']);

/** Why Paystack cannot pay a mobile-money wallet of `network` in `currency`, or null when it can. */
export function paystackMobileMoneyProblem(currency: CurrencyCode, network: string): string | null {
  const telcos = TELCOS[currency];
  if (telcos?.codes[network]) return null;
  const paid = telcos ? Object.keys(telcos.codes).join(' or ') : 'no network';
  return `Paystack does not pay ${network} in ${currency}: it pays ${paid} there`;
}

type Recipient = { type: string; name: string; account_number: string; bank_code: string; currency: CurrencyCode };

export function transfersOf(client: PaystackClient): Pick<PayoutProvider, 'sendPayout' | 'queryPayout'> {
  const verify = (reference: string) => client.call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);

  return {
    async sendPayout(request): Promise<SubmitResult> {
      if (!PAYOUT_CURRENCIES.includes(request.currency))
        return refused('unsupported_currency', `Paystack does not pay out ${request.currency}`);
      if (request.amount <= 0n || request.amount > BigInt(Number.MAX_SAFE_INTEGER))
        return refused('invalid_amount', 'the amount is out of range');
      if (!TRANSFER_REFERENCE.test(request.payoutId))
        return refused('invalid_reference', 'the payout id is not a valid Paystack transfer reference');
      const recipient = recipientFor(request.currency, request.target);
      if ('code' in recipient) return { kind: 'refused', ...recipient };

      const created = await client.call('POST', '/transferrecipient', recipient);
      if (created.kind === 'unknown') return { kind: 'unknown', detail: created.detail };
      if (created.kind === 'error') return { kind: 'refused', ...refusalOf(created) };
      const recipientCode = isRecord(created.data) ? stringField(created.data, 'recipient_code') : null;
      if (!recipientCode) return { kind: 'unknown', detail: 'Paystack /transferrecipient: no recipient_code' };

      const sent = await client.call('POST', '/transfer', {
        source: 'balance',
        // A JSON integer, as PS-OAS types it; the range was checked above, so the conversion is exact.
        amount: Number(request.amount),
        recipient: recipientCode,
        reference: request.payoutId,
        reason: request.reason,
        currency: request.currency,
      });
      if (sent.kind === 'unknown') return { kind: 'unknown', detail: sent.detail };
      if (sent.kind === 'ok') return acceptedTransfer(sent.data, request);
      if (isInvalidKey(sent)) return { kind: 'refused', ...refusalOf(sent) };

      const existing = await verify(request.payoutId);
      if (existing.kind === 'ok') return acceptedTransfer(existing.data, request);
      if (existing.kind === 'error' && existing.httpStatus === 404) return { kind: 'refused', ...refusalOf(sent) };
      return {
        kind: 'unknown',
        detail: `Paystack /transfer answered HTTP ${sent.httpStatus} and verify could not tell whether it exists`,
      };
    },

    async queryPayout(request): Promise<PayoutStatus> {
      const answer = await verify(request.payoutId);
      if (answer.kind === 'unknown') return { status: 'unknown', detail: answer.detail };
      if (answer.kind === 'error') {
        if (answer.httpStatus === 404) return { status: 'not_found' };
        return { status: 'unknown', detail: `Paystack transfer verify: HTTP ${answer.httpStatus} ${answer.message}` };
      }
      return readTransfer(answer.data, request.payoutId);
    },
  };
}

/** A transfer's data (verify answer or transfer.* event) read as the seam's payout status. */
export function readTransfer(data: unknown, payoutId: string): PayoutStatus {
  if (!isRecord(data)) return { status: 'unknown', detail: 'Paystack transfer: no data' };
  if (data.reference !== payoutId) return { status: 'unknown', detail: 'Paystack transfer: another reference' };
  const status = stringField(data, 'status');
  const transferCode = stringField(data, 'transfer_code');
  if (status === 'success' && transferCode) return { status: 'completed', providerTransactionId: transferCode };
  if (status && IN_FLIGHT.has(status)) return { status: 'pending' };
  if (status && CONCLUSIVELY_UNPAID.has(status)) {
    const message = stringField(data, 'gateway_response') ?? stringField(data, 'reason') ?? `transfer ${status}`;
    return { status: 'failed', code: status, message };
  }
  return { status: 'unknown', detail: `Paystack transfer: status ${status ?? 'missing'}` };
}

/** The transfer Paystack holds under our reference, if it is the one we asked for. */
function acceptedTransfer(
  data: unknown,
  request: { payoutId: string; amount: bigint; currency: string },
): SubmitResult {
  if (!isRecord(data)) return { kind: 'unknown', detail: 'Paystack /transfer: no data' };
  const transferCode = stringField(data, 'transfer_code');
  if (!transferCode || data.reference !== request.payoutId)
    return { kind: 'unknown', detail: 'Paystack /transfer: no transfer_code for our reference' };
  if (readMinorUnits(data.amount) !== request.amount || data.currency !== request.currency)
    return { kind: 'unknown', detail: 'Paystack holds this reference for another amount or currency' };
  return { kind: 'accepted', providerReference: transferCode };
}

function recipientFor(currency: CurrencyCode, target: PayoutTarget): Recipient | { code: string; message: string } {
  if (target.type === 'bank_transfer') {
    const type = BANK_TYPES[currency];
    if (!type) return { code: 'unsupported_target', message: `no Paystack bank recipients in ${currency}` };
    return {
      type,
      name: target.accountName,
      account_number: target.accountNumber,
      bank_code: target.bankCode,
      currency,
    };
  }
  const telcos = TELCOS[currency];
  const bankCode = telcos?.codes[target.network];
  if (!telcos || !bankCode)
    return { code: 'unsupported_target', message: `Paystack does not pay ${target.network} in ${currency}` };
  const national = new RegExp(`^\\+${telcos.callingCode}(\\d{9})$`).exec(target.phone)?.[1];
  if (!national) return { code: 'invalid_number', message: `not a +${telcos.callingCode} mobile number` };
  // The documented recipients write the number in local form ("0551234987", "0751234987") [PS-SNIP momo
  // and M-Pesa recipients]. `name` is "the recipient's name" [PS-OAS]: the number stands in only without one.
  const name = target.name?.trim() || target.phone;
  return { type: 'mobile_money', name, account_number: `0${national}`, bank_code: bankCode, currency };
}

function refused(code: string, message: string): SubmitResult {
  return { kind: 'refused', code, message };
}
