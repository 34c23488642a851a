import type { Mode } from '../platform/db/schema';
import type { CurrencyCode } from '../platform/money/currencies';
import { ApiError } from '../platform/http/errors';
import { sandboxBankTransfer, sandboxMobileMoney, sandboxPayouts } from './sandbox';
import type { BankTransferRail, MobileMoneyRail, PayoutRail } from './types';
import { enqueueJob } from '../platform/jobs/queue';
import { liveMobileMoney, liveRoute } from './live';
import { livePayouts } from './live-payout-rails';

/**
 * The rails of each mode. Test mode always runs on the sandbox, whatever the deployment's
 * configuration. Live mode runs on the rail LIVE_ROUTES names for the currency and method
 * (lib/rails/live.ts): live bank transfers open an account per payment, and live prompts and payouts
 * are sent by jobs (lib/collections/live/, lib/money-out/live-payouts.ts). A method or payout with
 * no route answers 503 `rail_unavailable`.
 */
export function mobileMoneyRail(mode: Mode, currency: CurrencyCode): MobileMoneyRail {
  if (mode === 'test') return sandboxMobileMoney;
  const live = liveMobileMoney(currency);
  if (!live) throw railUnavailable('mobile money');
  return {
    name: live.name,
    // The provider is called by a job once this transaction commits, never with rows locked
    // (lib/collections/live/mobile-money.ts); its reference is known only then.
    async requestPayment(db, request) {
      await enqueueJob(
        db,
        'rail_request_payment',
        { attempt_id: request.attemptId },
        { jobKey: `rail_request:${request.attemptId}` },
      );
      return { providerReference: null };
    },
  };
}

/** The one network a live mobile-money route serves (MTN MoMo's, M-Pesa's), or null in test mode. */
export function liveNetwork(mode: Mode, currency: CurrencyCode): string | null {
  return mode === 'live' ? (liveMobileMoney(currency)?.network ?? null) : null;
}

export function bankTransferRail(mode: Mode): BankTransferRail {
  if (mode === 'test') return sandboxBankTransfer;
  throw railUnavailable('bank transfer');
}

export function payoutRail(
  mode: Mode,
  currency: CurrencyCode,
  payoutType: 'bank_transfer' | 'mobile_money',
): PayoutRail {
  if (mode === 'test') return sandboxPayouts;
  const live = livePayouts(currency, payoutType);
  if (!live) throw railUnavailable(`${payoutType.replace('_', ' ')} payouts in ${currency}`);
  return livePayoutRail(live.name);
}

/** The rail a payout was given when it was made (its `provider`), for the worker that sends it. */
export function payoutRailNamed(name: string): PayoutRail {
  if (name === sandboxPayouts.name) return sandboxPayouts;
  return livePayoutRail(name);
}

/**
 * A live payout: picked up at once (PENDING → PROCESSING), then a job calls the provider once that
 * commits, never with rows locked (lib/money-out/live-payouts.ts); its reference is known only then.
 */
const livePayoutRail = (name: string): PayoutRail => ({
  name,
  async submit(db, payout) {
    await enqueueJob(
      db,
      'pick_up_payout',
      { transaction_id: payout.transactionId },
      {
        jobKey: `pick_up_payout:${payout.transactionId}`,
      },
    );
  },
  async send(db, payout) {
    await enqueueJob(
      db,
      'rail_send_payout',
      { transaction_id: payout.transactionId },
      {
        jobKey: `rail_send_payout:${payout.transactionId}`,
      },
    );
    return { providerReference: null };
  },
});

/** Whether live mode offers a method in a currency: routed, and its rail not down (the page hides the others). */
export function liveOffers(
  currency: CurrencyCode,
  method: 'mobile_money' | 'bank_transfer',
  railsDown: ReadonlySet<string> = new Set(),
): boolean {
  const provider = liveRoute(currency, method);
  return provider !== null && !railsDown.has(provider);
}

const railUnavailable = (what: string) =>
  new ApiError(503, 'rail_unavailable', `No live payment provider is configured for ${what} in this deployment`);
