import type { CollectionRequest, CollectionStatus, MobileMoneyProvider } from '../types';
import { refuseLocally, type AirtelSubmitResult } from './answers';
import { callbackHint, readAirtelCallback } from './callback';
import type { AirtelClient } from './client';
import type { ResolvedAirtelSettings } from './settings';
import { collectionStatusOf, collectionSubmitResult } from './status';
import { toAirtelAmount, toAirtelMsisdn, toAirtelReference } from './wire';

/**
 * Airtel Money Collection: the USSD push (`POST /merchant/v1/payments/`), its enquiry
 * (`GET /standard/v1/payments/{id}`) and the callback [AT-COL, AT-ENQ, AT-CB]. Our attempt id is the
 * `transaction.id` (Airtel's idempotency key: a second request with it is ESB000041), so the provider
 * reference is the attempt id itself and a retried request can never prompt twice.
 */

/** The currency is any string: the adapter checks it against its country, not the service's table. */
export type AirtelPaymentRequest = Omit<CollectionRequest, 'currency'> & { currency: string; phone: string };

export interface AirtelPaymentQuery {
  attemptId: string;
  providerReference: string;
  /**
   * The amount asked, in minor units. The enquiry answers no amount [AT-ENQ]; a payer approves the
   * prompt's amount or nothing, so TS proves this amount was paid. Without it a TS is `unknown`.
   */
  amount?: bigint;
}

export interface AirtelCollections extends MobileMoneyProvider {
  requestPayment(request: AirtelPaymentRequest): Promise<AirtelSubmitResult>;
  queryPayment(request: AirtelPaymentQuery): Promise<CollectionStatus>;
}

/**
 * Our ids as Airtel's `transaction.id`. Airtel publishes no format ("partner unique transaction id");
 * its examples use UUIDs and short codes [AT-COL, laravel-airtel-money]. Inferred: letters, digits and
 * hyphens, 4 to 64 characters, travel safely in the enquiry's path.
 */
export const isAirtelTransactionId = (id: string) => /^[A-Za-z0-9-]{4,64}$/.test(id);

export function createCollections(client: AirtelClient, settings: ResolvedAirtelSettings): AirtelCollections {
  const { market, country } = settings;
  return {
    name: 'airtel_money',

    async requestPayment(request) {
      if (!isAirtelTransactionId(request.attemptId)) {
        return refuseLocally('INVALID_TRANSACTION_ID', 'Not an id Airtel Money can carry');
      }
      if (request.currency !== market.currency) {
        return refuseLocally('UNSUPPORTED_CURRENCY', `Airtel Money ${country} collects ${market.currency} only`);
      }
      const amount = toAirtelAmount(request.amount, market);
      if (amount === null) {
        return refuseLocally('INVALID_AMOUNT', `Not an amount Airtel Money ${country} takes in ${market.currency}`);
      }
      const msisdn = toAirtelMsisdn(request.phone, market);
      if (!msisdn) return refuseLocally('INVALID_PHONE', `Not an Airtel Money ${country} number`);
      // No callback URL in the request: Airtel calls the one set on the application's page [AT-CB].
      const answer = await client.call('/merchant/v1/payments/', {
        method: 'POST',
        body: {
          reference: toAirtelReference(request.reference, request.attemptId),
          subscriber: { country, currency: market.currency, msisdn },
          transaction: { amount, country, currency: market.currency, id: request.attemptId },
        },
      });
      return collectionSubmitResult(answer, request.attemptId);
    },

    async queryPayment({ attemptId, providerReference, amount }) {
      const id = providerReference || attemptId;
      if (!isAirtelTransactionId(id))
        return { status: 'unknown', detail: 'Not a reference this adapter sends to Airtel' };
      const answer = await client.call(`/standard/v1/payments/${id}`, { method: 'GET' });
      return collectionStatusOf(answer, { amount, currency: market.currency });
    },

    readCallback(body) {
      const callback = readAirtelCallback(body, settings.callbackKey);
      if (!callback) return null;
      // With callback authentication on, an unsigned or wrongly signed callback is nobody's word.
      if (settings.callbackKey && callback.verified !== true) return null;
      return { providerReference: callback.transactionId, hint: callbackHint(callback) };
    },
  };
}
