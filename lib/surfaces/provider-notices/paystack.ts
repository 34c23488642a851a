import type { Db } from '../../platform/db/client';
import { ApiError, unauthorized } from '../../platform/http/errors';
import { log } from '../../platform/log';
import { livePaystack } from '../../rails/live';
import { bankTransferRailNamed } from '../../rails';
import { settleBankTransfer } from '../../collections/live/bank-transfer';
import { onPayoutNotice } from '../../money-out/payout-notices';

/**
 * A Paystack webhook: verified by its signature over the raw body first (forged or altered → 401,
 * nothing read, nothing recorded), then acted on. Paystack retries anything but a 200 (for up to 72
 * hours), so a notice whose status query could not be answered (or does not yet confirm a reversal)
 * gets a 503 and comes back; every other verified notice is a 200, even one about a reference we never
 * issued, a repeat, or one that arrives after the outcome it reports.
 */
export async function receivePaystackNotification(db: Db, headers: Headers, rawBody: string) {
  const paystack = livePaystack();
  if (!paystack) throw new ApiError(404, 'route_not_found', 'Paystack is not configured in this deployment');
  if (!paystack.verifyNotification(headers, rawBody)) {
    throw unauthorized('The notification is not signed by Paystack', 'invalid_signature');
  }
  const notice = paystack.readNotification(rawBody);
  if (notice?.about === 'payout') {
    // A transfer's outcome: asked of Paystack again (a reversal can follow a success), then acted on.
    const outcome = await onPayoutNotice(db, paystack.name, notice.payoutId, notice.status);
    log.info('rail.notice', { rail: 'paystack', reference: notice.payoutId.slice(0, 100), outcome });
    if (outcome === 'unknown') throw notConfirmed();
    return { outcome: outcome === 'unchanged' ? ('ignored' as const) : outcome };
  }
  if (notice?.about !== 'collection') {
    log.info('rail.notice_ignored', { rail: 'paystack', about: notice?.about ?? 'unreadable' });
    return { outcome: 'ignored' as const };
  }
  const { outcome } = await settleBankTransfer(db, bankTransferRailNamed(paystack.name)!, notice.providerReference);
  log.info('rail.notice', { rail: 'paystack', provider_reference: notice.providerReference, outcome });
  if (outcome === 'unknown') throw notConfirmed();
  return { outcome };
}

const notConfirmed = () =>
  new ApiError(503, 'rail_unavailable', 'Paystack did not confirm this yet: send the notice again', [], {
    'retry-after': '60',
  });
