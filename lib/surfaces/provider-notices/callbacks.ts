import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { attemptOfCallback, payoutOfCallback, payoutOfStatusAddress } from '../../rails/callback-address';
import { onPayoutCallback, onPayoutStatusAnswer } from '../../money-out/live-payouts';
import { onLiveCallback } from '../../collections/live/mobile-money';

/** A provider's callback: an address we issued (else 404), then the status query (mobile-money.ts). */
export async function receiveMobileMoneyCallback(db: Db, token: string, body: unknown) {
  const attemptId = attemptOfCallback(token);
  if (!attemptId) throw notFound('Callback address');
  return { provider_status: await onLiveCallback(db, attemptId, body) };
}

/** A provider's callback about a payout (MTN Disbursements, M-Pesa B2C): the address, kept, then the status query decides. */
export async function receivePayoutCallback(db: Db, token: string, body: unknown) {
  const transactionId = payoutOfCallback(token);
  if (!transactionId) throw notFound('Callback address');
  return { provider_status: await onPayoutCallback(db, transactionId, body) };
}

/** M-Pesa's answer to a payout status query, at the payout's own status address (else 404). */
export async function receivePayoutStatusAnswer(db: Db, token: string, body: unknown) {
  const transactionId = payoutOfStatusAddress(token);
  if (!transactionId) throw notFound('Status address');
  return { provider_status: await onPayoutStatusAnswer(db, transactionId, body) };
}
