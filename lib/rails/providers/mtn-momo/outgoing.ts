import type { CurrencyCode } from '../../../platform/money/currencies';
import { refuseLocally, submitResultOf, type MtnSubmitResult } from './answers';
import type { ProductClient } from './client';
import { MTN_MOMO_CURRENCIES } from './settings';
import { isUuidV4, toMsisdn, toMtnAmount, toMtnNote } from './wire';

/**
 * A request to pay or a transfer: the same headers and the same body, but for `payer` | `payee`
 * [MTN-R2P-POST, MTN-TRF]. What MTN would refuse for sure is refused here, before any call.
 */
export async function createAtMtn(
  client: ProductClient,
  request: {
    path: string;
    referenceId: string;
    party: 'payer' | 'payee';
    phone: string;
    amount: bigint;
    currency: CurrencyCode;
    payerMessage: string;
    payeeNote: string;
    callbackUrl: string;
  },
): Promise<MtnSubmitResult> {
  if (!isUuidV4(request.referenceId)) return refuseLocally('INVALID_REFERENCE_ID', 'MTN MoMo needs a UUID v4 id');
  if (!MTN_MOMO_CURRENCIES.includes(request.currency)) {
    return refuseLocally('UNSUPPORTED_CURRENCY', `MTN MoMo does not settle ${request.currency}`);
  }
  if (request.amount <= 0n) return refuseLocally('INVALID_AMOUNT', 'The amount must be positive');
  const msisdn = toMsisdn(request.phone);
  if (!msisdn) {
    return refuseLocally('INVALID_PHONE', 'The phone number is not an international number', 'invalid_number');
  }
  const headers: Record<string, string> = { 'x-reference-id': request.referenceId };
  // Without X-Callback-Url MTN sends no callback at all (NKAP-MTN); an empty one is a 400.
  if (request.callbackUrl) {
    if (!URL.canParse(request.callbackUrl)) return refuseLocally('INVALID_CALLBACK_URL', 'The callback URL is invalid');
    headers['x-callback-url'] = request.callbackUrl;
  }
  const answer = await client.call(request.path, {
    method: 'POST',
    headers,
    body: {
      amount: toMtnAmount(request.amount, request.currency),
      currency: request.currency,
      // Our id again: MTN's callback carries externalId and no reference id (NKAP-MTN).
      externalId: request.referenceId,
      [request.party]: { partyIdType: 'MSISDN', partyId: msisdn },
      payerMessage: toMtnNote(request.payerMessage),
      payeeNote: toMtnNote(request.payeeNote),
    },
  });
  return submitResultOf(answer, request.referenceId);
}
