import { config, type Config } from '../platform/config';
import type { CurrencyCode } from '../platform/money/currencies';
import type { LiveMethod, LiveProvider } from '../platform/settings/live-rails';
import { createPaystack, type Paystack } from './providers/paystack';
import { mtnMomoCollections } from './providers/mtn-momo';
import { liveMpesa } from './live-mpesa';
import { wholeShillings } from './providers/mpesa';
import type { BankTransferProvider } from './providers/types';
import type { PromptRail } from './providers/types';

/**
 * Live mode's collection rails, built once from the configuration (LIVE_ROUTES and each provider's
 * variables, checked when the configuration is read). lib/rails/index.ts routes to them.
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

let mtnCollections: { key: string; rail: PromptRail } | undefined;

/** The live mobile-money rail LIVE_ROUTES names for a currency, or null. */
export function liveMobileMoney(currency: CurrencyCode): PromptRail | null {
  const provider = liveRoute(currency, 'mobile_money');
  return provider === 'mtn_momo' || provider === 'mpesa' ? liveMobileMoneyNamed(provider) : null;
}

/** The rail an attempt was sent through (its `provider`), for its callbacks and status queries; null when not configured now. */
export function liveMobileMoneyNamed(provider: string): PromptRail | null {
  if (provider === 'mpesa') return mpesaRail();
  if (provider !== 'mtn_momo') return null;
  const c = config();
  if (!c.MTN_MOMO_COLLECTION_API_KEY) return null;
  const timeoutMs = c.RAIL_TIMEOUT_SECONDS * 1000;
  const key = JSON.stringify([c.MTN_MOMO_BASE_URL, c.MTN_MOMO_COLLECTION_API_USER, timeoutMs]);
  if (mtnCollections?.key !== key) mtnCollections = { key, rail: mtnRail(c, timeoutMs) };
  return mtnCollections.rail;
}

function mtnRail(c: Config, timeoutMs: number): PromptRail {
  const collections = mtnMomoCollections({
    baseUrl: c.MTN_MOMO_BASE_URL,
    targetEnvironment: c.MTN_MOMO_TARGET_ENVIRONMENT!,
    credentials: {
      subscriptionKey: c.MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY!,
      apiUser: c.MTN_MOMO_COLLECTION_API_USER!,
      apiKey: c.MTN_MOMO_COLLECTION_API_KEY!,
    },
    timeoutMs,
  });
  return {
    name: 'mtn_momo',
    network: 'mtn_momo',
    // MTN's X-Reference-Id is our attempt id.
    referenceIsOurs: true,
    takesAmount: () => true,
    requestPayment: (request) => collections.requestPayment(request),
    queryPayment: ({ attemptId, providerReference }) => collections.queryPayment({ attemptId, providerReference }),
    readCallback: (body) => collections.readCallback(body),
  };
}

function mpesaRail(): PromptRail | null {
  const collections = liveMpesa()?.collections ?? null;
  return (
    collections && {
      name: 'mpesa',
      network: 'mpesa',
      // Daraja names the request itself (CheckoutRequestID), in its answer or its callback.
      referenceIsOurs: false,
      // "Only whole numbers are supported" (Daraja's C2B and Ratiba pages; martinmogusu/django-daraja
      // mpesa/core.py for STK Push): no M-Pesa for an amount with cents.
      takesAmount: (amount) => wholeShillings(amount) !== null,
      requestPayment: (request) => collections.requestPayment(request),
      queryPayment: (request) => collections.queryPayment(request),
      readCallback: (body) => collections.readCallback(body),
    }
  );
}
