import type { PayoutProvider, PayoutStatus } from '../types';
import { refuseLocally, statusBodyOf, type MtnSubmitResult } from './answers';
import { productClient } from './client';
import { createAtMtn } from './outgoing';
import { resolveProductSettings, type MtnMomoProductSettings } from './settings';
import { payoutStatusOf } from './status';
import { isUuidV4, parseCallback, readId } from './wire';

/**
 * MTN MoMo Disbursement: a transfer to an MTN wallet, and its status. The payout id is the
 * `X-Reference-Id`: MTN answers 409 RESOURCE_ALREADY_EXIST to a second transfer with it, which this
 * adapter reads as "already sent, ask the status". A payout can never be sent twice.
 */
export interface MtnMomoDisbursements extends PayoutProvider {
  sendPayout(request: Parameters<PayoutProvider['sendPayout']>[0]): Promise<MtnSubmitResult>;
  /** The seam has no payout callback; MTN sends one to X-Callback-Url all the same. A hint only. */
  readCallback(body: unknown): { payoutId: string; hint: PayoutStatus } | null;
}

export function mtnMomoDisbursements(settings: MtnMomoProductSettings): MtnMomoDisbursements {
  const client = productClient(resolveProductSettings('disbursement', settings));
  return {
    name: 'mtn_momo',

    async sendPayout(request) {
      const { target } = request;
      if (target.type !== 'mobile_money' || target.network !== 'mtn_momo') {
        return refuseLocally('UNSUPPORTED_TARGET', 'MTN MoMo pays out to MTN MoMo wallets only');
      }
      return createAtMtn(client, {
        path: '/disbursement/v1_0/transfer',
        referenceId: request.payoutId,
        party: 'payee',
        phone: target.phone,
        amount: request.amount,
        currency: request.currency,
        payerMessage: request.reason,
        payeeNote: request.reason,
        callbackUrl: request.callbackUrl,
      });
    },

    async queryPayout({ payoutId, providerReference }): Promise<PayoutStatus> {
      // The reference is the payout id, so a payout whose submit answered `unknown` can be asked too.
      const referenceId = providerReference ?? payoutId;
      if (!isUuidV4(referenceId)) return { status: 'unknown', detail: 'Not a reference this adapter sends to MTN' };
      const answer = statusBodyOf(await client.call(`/disbursement/v1_0/transfer/${referenceId}`, { method: 'GET' }));
      if (answer.kind === 'body') return payoutStatusOf(answer.body);
      return answer.kind === 'not_found' ? { status: 'not_found' } : { status: 'unknown', detail: answer.detail };
    },

    readCallback(body) {
      const fields = parseCallback(body);
      const payoutId = fields && (readId(fields.referenceId) ?? readId(fields.externalId));
      return fields && payoutId ? { payoutId, hint: payoutStatusOf(fields) } : null;
    },
  };
}
