import type { Mode } from '../platform/db/schema';
import type { CurrencyCode } from '../platform/money/currencies';
import { ApiError } from '../platform/http/errors';
import { sandboxBankTransfer, sandboxMobileMoney, sandboxPayouts } from './sandbox';
import type { BankTransferRail, MobileMoneyRail, PayoutRail } from './types';
import { liveRoute } from './live';

/**
 * The rails of each mode. Test mode always runs on the sandbox, whatever the deployment's
 * configuration. Live mode runs on the rail LIVE_ROUTES names for the currency and method
 * (lib/rails/live.ts); live bank transfers open an account per payment
 * (lib/collections/live/bank-transfer.ts), and live mobile money and payouts have no rail wired yet,
 * so they answer 503 `rail_unavailable`.
 */
export function mobileMoneyRail(mode: Mode): MobileMoneyRail {
  if (mode === 'test') return sandboxMobileMoney;
  throw railUnavailable('mobile money');
}

export function bankTransferRail(mode: Mode): BankTransferRail {
  if (mode === 'test') return sandboxBankTransfer;
  throw railUnavailable('bank transfer');
}

export function payoutRail(mode: Mode): PayoutRail {
  if (mode === 'test') return sandboxPayouts;
  throw railUnavailable('payouts');
}

/** The rail a payout was given when it was made (its `provider`), for the worker that sends it. */
export function payoutRailNamed(name: string): PayoutRail {
  if (name === sandboxPayouts.name) return sandboxPayouts;
  throw new Error(`No payout rail named ${name}`);
}

/** Whether live mode offers a method in a currency (the page hides the others). */
export function liveOffers(currency: CurrencyCode, method: 'mobile_money' | 'bank_transfer'): boolean {
  return method === 'bank_transfer' && liveRoute(currency, 'bank_transfer') !== null;
}

const railUnavailable = (what: string) =>
  new ApiError(503, 'rail_unavailable', `No live payment provider is configured for ${what} in this deployment`);
