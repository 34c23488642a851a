import { config } from '../platform/config';
import type { CurrencyCode } from '../platform/money/currencies';
import type { LiveMethod, LiveProvider } from '../platform/settings/live-rails';
import { createPaystack, type Paystack } from './providers/paystack';
import type { BankTransferProvider } from './providers/types';

/**
 * Live mode's rails, built once from the configuration (LIVE_ROUTES and each provider's variables,
 * checked when the configuration is read). Test mode never comes here.
 */
let paystack: { key: string; rail: Paystack } | undefined;

/** The Paystack adapter, or null when PAYSTACK_SECRET_KEY is not set. */
export function livePaystack(): Paystack | null {
  const c = config();
  if (!c.PAYSTACK_SECRET_KEY) return null;
  const key = `${c.PAYSTACK_BASE_URL}|${c.PAYSTACK_SECRET_KEY}|${c.RAIL_TIMEOUT_SECONDS}`;
  if (paystack?.key !== key) {
    const rail = createPaystack({
      secretKey: c.PAYSTACK_SECRET_KEY,
      baseUrl: c.PAYSTACK_BASE_URL,
      timeoutMs: c.RAIL_TIMEOUT_SECONDS * 1000,
    });
    paystack = { key, rail };
  }
  return paystack.rail;
}

/** The provider LIVE_ROUTES names for a currency and method, or null: live mode does not offer it. */
export function liveRoute(currency: CurrencyCode, method: LiveMethod): LiveProvider | null {
  return config().LIVE_ROUTES.find((r) => r.currency === currency && r.method === method)?.provider ?? null;
}

/** The rail that opens a bank account for one live payment in `currency`, or null. */
export function liveBankTransfer(currency: CurrencyCode): BankTransferProvider | null {
  return liveRoute(currency, 'bank_transfer') === 'paystack' ? livePaystack() : null;
}
