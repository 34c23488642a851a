import type { PayoutProvider, PayoutStatus, PayoutTarget } from '../types';
import { refuseLocally, type AirtelSubmitResult } from './answers';
import { readAirtelCallback } from './callback';
import type { AirtelClient } from './client';
import { isAirtelTransactionId } from './collections';
import type { ResolvedAirtelSettings } from './settings';
import { payoutStatusOf, payoutSubmitResult } from './status';
import { toAirtelAmount, toAirtelMsisdn, toAirtelReference } from './wire';

/**
 * Airtel Money Disbursement: a transfer to an Airtel Money wallet and its enquiry, in the v2 shape a
 * production integration (the 121 platform, Airtel Zambia) uses: `POST /standard/v2/disbursements/`
 * and `GET /standard/v2/disbursements/{id}?transactionType=B2C` [121-AT]. The payout id is the
 * `transaction.id`: a second transfer with it answers DP00900001017 (or DP00900001011, as met in
 * Zambia), read as "already sent, ask the status". A payout can never be sent twice.
 */

/** The network name this adapter pays to. Inferred: the service has no Airtel network yet. */
export const AIRTEL_NETWORK = 'airtel_money';

export type AirtelPayoutRequest = Omit<Parameters<PayoutProvider['sendPayout']>[0], 'currency'> & {
  currency: string;
};

export interface AirtelDisbursements extends PayoutProvider {
  sendPayout(request: AirtelPayoutRequest): Promise<AirtelSubmitResult>;
  /** The seam has no payout callback; Airtel sends one to the application's URL all the same. A hint only. */
  readCallback(body: unknown): { payoutId: string; hint: PayoutStatus } | null;
}

export function createDisbursements(client: AirtelClient, settings: ResolvedAirtelSettings): AirtelDisbursements {
  const { market, country, encryptedPin } = settings;
  return {
    name: 'airtel_money',

    async sendPayout(request) {
      // "Missing header/body params" without a PIN [121-MOCK]: refused here, before any call.
      if (!encryptedPin) return refuseLocally('NO_DISBURSEMENT_PIN', 'Airtel Money payouts need the encrypted PIN');
      if (!isAirtelTransactionId(request.payoutId)) {
        return refuseLocally('INVALID_TRANSACTION_ID', 'Not an id Airtel Money can carry');
      }
      const msisdn = airtelWallet(request.target, settings);
      if (!msisdn) return refuseLocally('UNSUPPORTED_TARGET', `Airtel Money pays ${country} Airtel Money wallets only`);
      if (request.currency !== market.currency) {
        return refuseLocally('UNSUPPORTED_CURRENCY', `Airtel Money ${country} pays out ${market.currency} only`);
      }
      const amount = toAirtelAmount(request.amount, market);
      if (amount === null) {
        return refuseLocally('INVALID_AMOUNT', `Not an amount Airtel Money ${country} takes in ${market.currency}`);
      }
      const answer = await client.call('/standard/v2/disbursements/', {
        method: 'POST',
        body: {
          payee: { currency: market.currency, msisdn },
          reference: toAirtelReference(request.reason, request.payoutId),
          pin: encryptedPin,
          // B2C: the payee is a person's wallet; a business wallet would need B2B [121-AT].
          transaction: { amount, id: request.payoutId, type: 'B2C' },
        },
      });
      return payoutSubmitResult(answer, request.payoutId);
    },

    async queryPayout({ payoutId, providerReference }) {
      // The reference is the payout id, so a payout whose submit answered `unknown` can be asked too.
      const id = providerReference ?? payoutId;
      if (!isAirtelTransactionId(id))
        return { status: 'unknown', detail: 'Not a reference this adapter sends to Airtel' };
      const answer = await client.call(`/standard/v2/disbursements/${id}?transactionType=B2C`, { method: 'GET' });
      return payoutStatusOf(answer);
    },

    readCallback(body) {
      const callback = readAirtelCallback(body, settings.callbackKey);
      if (!callback || (settings.callbackKey && callback.verified !== true)) return null;
      const hint: PayoutStatus =
        callback.statusCode === 'TIP'
          ? { status: 'pending' }
          : {
              status: 'unknown',
              detail: `Airtel Money callback says ${callback.statusCode.slice(0, 10)}; ask the enquiry`,
            };
      return { payoutId: callback.transactionId, hint };
    },
  };
}

function airtelWallet(target: PayoutTarget, settings: ResolvedAirtelSettings): string | null {
  if (target.type !== 'mobile_money' || target.network !== AIRTEL_NETWORK) return null;
  return toAirtelMsisdn(target.phone, settings.market);
}
