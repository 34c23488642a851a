import { config } from '../platform/config';
import { ApiError } from '../platform/http/errors';
import { sandboxBankTransfer, sandboxMobileMoney, sandboxPayouts } from './sandbox';
import type { BankTransferRail, MobileMoneyRail, PayoutRail } from './types';

/** The rails in use. Live adapters plug in here; until one is configured, live mode refuses payments. */
export function mobileMoneyRail(): MobileMoneyRail {
  if (config().PAYMENT_RAILS === 'sandbox') return sandboxMobileMoney;
  throw railUnavailable();
}

export function bankTransferRail(): BankTransferRail {
  if (config().PAYMENT_RAILS === 'sandbox') return sandboxBankTransfer;
  throw railUnavailable();
}

export function payoutRail(): PayoutRail {
  if (config().PAYMENT_RAILS === 'sandbox') return sandboxPayouts;
  throw railUnavailable();
}

const railUnavailable = () =>
  new ApiError(503, 'rail_unavailable', 'No live payment provider is configured for this method yet');
