import type { CollectionStatus, MobileMoneyProvider } from '../types';
import { statusBodyOf, type MtnSubmitResult } from './answers';
import { productClient } from './client';
import { createAtMtn } from './outgoing';
import { resolveProductSettings, type MtnMomoProductSettings } from './settings';
import { collectionStatusOf } from './status';
import { isUuidV4, parseCallback, readId } from './wire';

/**
 * MTN MoMo Collection: request to pay, its status, and the callback. The attempt id is both the
 * `X-Reference-Id` (MTN's idempotency key) and the `externalId`, so the provider reference is the
 * attempt id itself and a retried request can never prompt twice.
 */
export interface MtnMomoCollections extends MobileMoneyProvider {
  requestPayment(request: Parameters<MobileMoneyProvider['requestPayment']>[0]): Promise<MtnSubmitResult>;
}

export function mtnMomoCollections(settings: MtnMomoProductSettings): MtnMomoCollections {
  const client = productClient(resolveProductSettings('collection', settings));
  return {
    name: 'mtn_momo',

    requestPayment(request) {
      return createAtMtn(client, {
        path: '/collection/v1_0/requesttopay',
        referenceId: request.attemptId,
        party: 'payer',
        phone: request.phone,
        amount: request.amount,
        currency: request.currency,
        // The payer reads payerMessage; payeeNote lands in the merchant's MTN statement, for reconciliation.
        payerMessage: request.description || request.reference,
        payeeNote: request.reference,
        callbackUrl: request.callbackUrl,
      });
    },

    async queryPayment({ attemptId, providerReference }): Promise<CollectionStatus> {
      const referenceId = providerReference || attemptId;
      if (!isUuidV4(referenceId)) return { status: 'unknown', detail: 'Not a reference this adapter sends to MTN' };
      const answer = statusBodyOf(await client.call(`/collection/v1_0/requesttopay/${referenceId}`, { method: 'GET' }));
      if (answer.kind === 'body') return collectionStatusOf(answer.body);
      return answer.kind === 'not_found' ? { status: 'not_found' } : { status: 'unknown', detail: answer.detail };
    },

    readCallback(body) {
      const fields = parseCallback(body);
      const providerReference = fields && (readId(fields.referenceId) ?? readId(fields.externalId));
      return fields && providerReference ? { providerReference, hint: collectionStatusOf(fields) } : null;
    },
  };
}
