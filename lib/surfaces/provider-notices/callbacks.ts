import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { attemptOfCallback, payoutOfCallback, payoutOfStatusAddress } from '../../rails/callback-address';
import { describeError, log } from '../../platform/log';
import { onFixedPayoutCallback, onPayoutCallback, onPayoutStatusAnswer } from '../../money-out/live-payouts';
import { onFixedCallback, onLiveCallback } from '../../collections/live/mobile-money';
import { connectionFailure } from '../../platform/db/unavailable';
import { callbackSpoolDir, keepInSpool } from '../../platform/ops/spool';

/** A provider's callback: an address we issued (else 404), then the status query (mobile-money.ts). */
export function receiveMobileMoneyCallback(db: Db, token: string, body: unknown) {
  return keptIfAway({ kind: 'mobile_money', token, body }, () => applyMobileMoney(db, token, body));
}

/** A provider's callback about a payout (MTN Disbursements, M-Pesa B2C): the address, kept, then the status query decides. */
export function receivePayoutCallback(db: Db, token: string, body: unknown) {
  return keptIfAway({ kind: 'payout', token, body }, () => applyPayout(db, token, body));
}

/** M-Pesa's answer to a payout status query, at the payout's own status address (else 404). */
export function receivePayoutStatusAnswer(db: Db, token: string, body: unknown) {
  return keptIfAway({ kind: 'payout_status', token, body }, () => applyPayoutStatus(db, token, body));
}

/**
 * Airtel's callback, to its one fixed address (`applyAirtel`). Not kept during an outage: anyone may
 * post there (the hash is checked against the attempt's instance, in the database), and Airtel's
 * enquiry by our own id finds the payment without it.
 */
export function receiveAirtelCallback(db: Db, body: { transaction: Record<string, unknown> }) {
  return applyAirtel(db, body);
}

/**
 * Applies a notice to an address we issued; when the database cannot be reached, keeps it on this machine's disk instead
 * and answers 200 (notice-replay.ts applies it once the database is back): M-Pesa and MTN send a
 * callback once, and M-Pesa's may be the only place its push is named. Anything else (a bad
 * address: 404) is thrown as it was.
 */
async function keptIfAway<S extends string>(
  notice: ProviderNotice,
  apply: () => Promise<{ provider_status: S }>,
): Promise<{ provider_status: S | 'unknown' }> {
  try {
    return await apply();
  } catch (error) {
    if (!connectionFailure(error) || !(await keepNotice(notice))) throw error;
    return { provider_status: 'unknown' };
  }
}

/** A notice to an address we issued (its token checks without the database): the shape kept on disk. */
export interface ProviderNotice {
  kind: 'mobile_money' | 'payout' | 'payout_status';
  token: string;
  body: unknown;
}

/** Applies a notice kept during an outage, as when it came: safe to apply twice. */
export async function applyNotice(db: Db, notice: ProviderNotice): Promise<void> {
  if (notice.kind === 'mobile_money') await applyMobileMoney(db, notice.token, notice.body);
  else if (notice.kind === 'payout') await applyPayout(db, notice.token, notice.body);
  else await applyPayoutStatus(db, notice.token, notice.body);
}

async function applyMobileMoney(db: Db, token: string, body: unknown) {
  const attemptId = attemptOfCallback(token);
  if (!attemptId) throw notFound('Callback address');
  return { provider_status: await onLiveCallback(db, attemptId, body) };
}

async function applyPayout(db: Db, token: string, body: unknown) {
  const transactionId = payoutOfCallback(token);
  if (!transactionId) throw notFound('Callback address');
  return { provider_status: await onPayoutCallback(db, transactionId, body) };
}

async function applyPayoutStatus(db: Db, token: string, body: unknown) {
  const transactionId = payoutOfStatusAddress(token);
  if (!transactionId) throw notFound('Status address');
  return { provider_status: await onPayoutStatusAnswer(db, transactionId, body) };
}

/** Keeps a notice in CALLBACK_SPOOL_DIR; false when it could not be kept (the spool full, the disk failing). */
async function keepNotice(notice: ProviderNotice): Promise<boolean> {
  try {
    await keepInSpool(callbackSpoolDir(), notice);
    log.warn('rail.callback_kept', { kind: notice.kind });
    return true;
  } catch (error) {
    log.error('rail.callback_not_kept', { kind: notice.kind, ...describeError(error) });
    return false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Airtel's callback, to its one fixed address: matched by the id it names (our attempt or payout id,
 * Airtel's `transaction.id`), read by that instance's rail (which checks the hash when a key is set),
 * then the enquiry decides. One that names nothing of ours is answered (Airtel need not send it again)
 * and changes nothing.
 */
async function applyAirtel(db: Db, body: { transaction: Record<string, unknown> }) {
  const id = typeof body.transaction.id === 'string' && UUID.test(body.transaction.id) ? body.transaction.id : null;
  const status = id ? ((await onFixedCallback(db, id, body)) ?? (await onFixedPayoutCallback(db, id, body))) : null;
  if (!status) log.warn('rail.callback_unmatched', { rail: 'airtel', transaction_id: id });
  return { provider_status: status ?? ('unknown' as const) };
}
