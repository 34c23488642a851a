import type { Db } from '../../platform/db/client';
import { ApiError, unauthorized } from '../../platform/http/errors';
import { log } from '../../platform/log';
import { livePaystack } from '../../rails/live';
import { settleLiveTransfer } from '../../collections/live/bank-transfer';
import { checkLivePayout } from '../../money-out/live-payouts';

/**
 * A Paystack webhook: verified by its signature over the raw body first (forged or altered → 401,
 * nothing read, nothing recorded), then acted on. Paystack retries anything but a 200 (for up to 72
 * hours), so a notice whose status query could not be answered gets a 503 and comes back; every other
 * verified notice is a 200, even one about a reference we never issued.
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
    const status = await checkLivePayout(db, notice.payoutId, 0);
    log.info('rail.notice', { rail: 'paystack', transaction_id: notice.payoutId, status });
    if (status === 'unknown') throw notConfirmed();
    return { outcome: 'recorded' as const };
  }
  if (notice?.about !== 'collection') {
    log.info('rail.notice_ignored', { rail: 'paystack', about: notice?.about ?? 'unreadable' });
    return { outcome: 'ignored' as const };
  }
  const outcome = await settleLiveTransfer(db, paystack, notice.providerReference);
  log.info('rail.notice', { rail: 'paystack', provider_reference: notice.providerReference, outcome });
  if (outcome === 'unknown') throw notConfirmed();
  return { outcome };
}

const notConfirmed = () =>
  new ApiError(503, 'rail_unavailable', 'Paystack did not confirm this yet: send the notice again', [], {
    'retry-after': '60',
  });
