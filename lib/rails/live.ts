import { config } from '../platform/config';
import type { RoutedLive } from '../platform/settings/live-accounts';
import type { LiveMethod } from '../platform/settings/live-rails';
import type { CurrencyCode } from '../platform/money/currencies';
import { createPaystack, type Paystack } from './providers/paystack';
import { liveMpesa } from './live-mpesa';
import { mtnPrompts } from './live-mtn';
import { airtelPrompts } from './live-airtel';
import { wholeShillings } from './providers/mpesa';
import type { BankTransferRail, PromptRail } from './providers/types';

/**
 * Live mode's collection rails, built from the configuration (LIVE_ROUTES and each provider's
 * credentials, checked when the configuration is read). Each route goes through one provider
 * instance (`mtn_momo`, `mtn_momo:CI`, `airtel:UG`…: settings/live-accounts.ts), which attempts record
 * as their `provider`. lib/rails/index.ts routes to them.
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

/** The routes LIVE_ROUTES gives a currency and method: one per country (and, for mobile money, per network). */
export function liveRoutesFor(currency: CurrencyCode, method: LiveMethod): RoutedLive[] {
  return config().LIVE_ROUTES.filter((r) => r.currency === currency && r.method === method);
}

/** The rail that opens a bank account for one live payment in `currency`, or null. */
export function liveBankTransfer(currency: CurrencyCode): BankTransferRail | null {
  return liveRoutesFor(currency, 'bank_transfer').some((r) => r.instance === 'paystack') ? paystackBankRail() : null;
}

/** The bank-transfer rail an attempt was opened on (its `provider`), for notices and the sweep; null when not configured now. */
export function liveBankTransferNamed(instance: string): BankTransferRail | null {
  return instance === 'paystack' ? paystackBankRail() : null;
}

function paystackBankRail(): BankTransferRail | null {
  const paystack = livePaystack();
  return (
    paystack && {
      name: paystack.name,
      // Pay with Transfer opens an account for one payment: a notice names that account's charge.
      matchesByReference: false,
      async openAccount(request) {
        const opened = await paystack.openTransferAccount(request);
        if (opened.kind !== 'accepted') return opened;
        const { bankName, accountName, accountNumber, expiresAt } = opened.account;
        const account = {
          bank_name: bankName,
          account_name: accountName,
          account_number: accountNumber,
          iban: null,
          branch_code: null,
          sort_code: null,
          routing_number: null,
          swift_code: null,
        };
        return { kind: 'accepted', providerReference: opened.providerReference, account, expiresAt };
      },
      queryPayment: ({ attemptId, providerReference }) =>
        paystack.queryPayment({ attemptId: attemptId ?? '', providerReference }),
    }
  );
}

/** Each routed mobile-money rail of a currency, with the country its route serves. */
export function liveMobileMoneyRoutes(currency: CurrencyCode): { country: string; rail: PromptRail }[] {
  return liveRoutesFor(currency, 'mobile_money').flatMap((r) => {
    const rail = liveMobileMoneyNamed(r.instance);
    return rail ? [{ country: r.country, rail }] : [];
  });
}

/** The live mobile-money rail routed for a currency in a country, on a network; or null. */
export function liveMobileMoney(currency: CurrencyCode, country: string, network: string): PromptRail | null {
  return liveMobileMoneyRoutes(currency).find((r) => r.country === country && r.rail.network === network)?.rail ?? null;
}

/** The rail an attempt was sent through (its `provider`, an instance), for its callbacks and status queries; null when not configured now. */
export function liveMobileMoneyNamed(instance: string): PromptRail | null {
  if (instance === 'mpesa') return mpesaRail();
  return mtnPrompts(instance) ?? airtelPrompts(instance);
}

function mpesaRail(): PromptRail | null {
  const collections = liveMpesa()?.collections ?? null;
  return (
    collections && {
      name: 'mpesa',
      network: 'mpesa',
      // Daraja names the request itself (CheckoutRequestID), in its answer or its callback.
      referenceIsOurs: false,
      // STK Push takes no key of ours: two identical requests are two prompts, each with its own
      // CheckoutRequestID [DJ-EXP request fields; NKAP-MPESA], so it is sent once.
      resendIsSafe: false,
      // "Only whole numbers are supported" (Daraja's C2B and Ratiba pages; martinmogusu/django-daraja
      // mpesa/core.py for STK Push): no M-Pesa for an amount with cents.
      takesAmount: (amount) => wholeShillings(amount) !== null,
      requestPayment: (request) => collections.requestPayment(request),
      queryPayment: (request) => collections.queryPayment(request),
      readCallback: (body) => collections.readCallback(body),
    }
  );
}
