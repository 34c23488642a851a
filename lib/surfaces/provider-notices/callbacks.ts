import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { attemptOfCallback, payoutOfCallback, payoutOfStatusAddress } from '../../rails/callback-address';
import { log } from '../../platform/log';
import { onFixedPayoutCallback, onPayoutCallback, onPayoutStatusAnswer } from '../../money-out/live-payouts';
import { onFixedCallback, onLiveCallback } from '../../collections/live/mobile-money';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Airtel's callback, to its one fixed address: matched by the id it names (our attempt or payout id,
 * Airtel's `transaction.id`), read by that instance's rail (which checks the hash when a key is set),
 * then the enquiry decides. One that names nothing of ours is answered (Airtel need not send it again)
 * and changes nothing.
 */
export async function receiveAirtelCallback(db: Db, body: { transaction: Record<string, unknown> }) {
  const id = typeof body.transaction.id === 'string' && UUID.test(body.transaction.id) ? body.transaction.id : null;
  const status = id ? ((await onFixedCallback(db, id, body)) ?? (await onFixedPayoutCallback(db, id, body))) : null;
  if (!status) log.warn('rail.callback_unmatched', { rail: 'airtel', transaction_id: id });
  return { provider_status: status ?? ('unknown' as const) };
}
