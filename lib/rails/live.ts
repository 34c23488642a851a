import { config, type Config } from '../platform/config';
import type { NetworkProvider } from '../platform/db/schema';
import type { CurrencyCode } from '../platform/money/currencies';
import type { LiveMethod, LiveProvider } from '../platform/settings/live-rails';
import { createPaystack, type Paystack } from './providers/paystack';
import { mtnMomoCollections, mtnMomoDisbursements } from './providers/mtn-momo';
import { createMpesa } from './providers/mpesa';
import type {
  BankTransferProvider,
  CollectionStatus,
  MobileMoneyProvider,
  PayoutProvider,
  PayoutStatus,
} from './providers/types';

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

/** A live mobile-money rail, as the attempt code uses it: one provider, the network it serves. */
export interface LiveMobileMoney {
  name: 'mtn_momo' | 'mpesa';
  network: NetworkProvider;
  requestPayment: MobileMoneyProvider['requestPayment'];
  /** `amount`: what was asked, for providers whose status answer carries none (M-Pesa). */
  queryPayment(request: { attemptId: string; providerReference: string; amount: bigint }): Promise<CollectionStatus>;
  readCallback: MobileMoneyProvider['readCallback'];
}

let mobileMoney: Partial<Record<LiveMobileMoney['name'], { key: string; rail: LiveMobileMoney }>> = {};

/** The live mobile-money rail LIVE_ROUTES names for a currency, or null. */
export function liveMobileMoney(currency: CurrencyCode): LiveMobileMoney | null {
  const provider = liveRoute(currency, 'mobile_money');
  return provider === 'mtn_momo' || provider === 'mpesa' ? liveMobileMoneyNamed(provider) : null;
}

/** The rail an attempt was sent through (its `provider`), for its callbacks and status queries; null when not configured now. */
export function liveMobileMoneyNamed(provider: string): LiveMobileMoney | null {
  if (provider !== 'mtn_momo' && provider !== 'mpesa') return null;
  const c = config();
  if (provider === 'mtn_momo' ? !c.MTN_MOMO_COLLECTION_API_KEY : !c.MPESA_CONSUMER_KEY) return null;
  const timeoutMs = c.RAIL_TIMEOUT_SECONDS * 1000;
  const key = JSON.stringify([
    provider,
    c.MTN_MOMO_BASE_URL,
    c.MTN_MOMO_COLLECTION_API_USER,
    c.MPESA_BASE_URL,
    c.MPESA_CONSUMER_KEY,
    timeoutMs,
  ]);
  const cached = mobileMoney[provider];
  if (cached?.key === key) return cached.rail;
  const rail = provider === 'mtn_momo' ? mtnRail(c, timeoutMs) : mpesaRail(c, timeoutMs);
  mobileMoney = { ...mobileMoney, [provider]: { key, rail } };
  return rail;
}

function mtnRail(c: Config, timeoutMs: number): LiveMobileMoney {
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
    requestPayment: (request) => collections.requestPayment(request),
    queryPayment: ({ attemptId, providerReference }) => collections.queryPayment({ attemptId, providerReference }),
    readCallback: (body) => collections.readCallback(body),
  };
}

function mpesaRail(c: Config, timeoutMs: number): LiveMobileMoney {
  const { collections } = createMpesa({
    baseUrl: c.MPESA_BASE_URL,
    consumerKey: c.MPESA_CONSUMER_KEY!,
    consumerSecret: c.MPESA_CONSUMER_SECRET!,
    timeoutMs,
    stk: {
      shortCode: c.MPESA_SHORT_CODE!,
      passkey: c.MPESA_PASSKEY!,
      transactionType: c.MPESA_TILL_NUMBER ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
      ...(c.MPESA_TILL_NUMBER ? { partyB: c.MPESA_TILL_NUMBER } : {}),
    },
  });
  return {
    name: 'mpesa',
    network: 'mpesa',
    requestPayment: (request) => collections.requestPayment(request),
    queryPayment: (request) => collections.queryPayment(request),
    readCallback: (body) => collections.readCallback(body),
  };
}

/** A live payout rail: sends withdrawals and payouts, our payout id as its idempotency reference. */
export interface LivePayouts {
  name: 'paystack' | 'mtn_momo';
  sendPayout: PayoutProvider['sendPayout'];
  queryPayout: PayoutProvider['queryPayout'];
  /** A callback's payout and hint (MTN); Paystack's come through its signed webhook instead. */
  readCallback(body: unknown): { payoutId: string; hint: PayoutStatus } | null;
}

/** The rail LIVE_ROUTES names for payouts of this type in this currency, or null. */
export function livePayouts(currency: CurrencyCode, payoutType: 'bank_transfer' | 'mobile_money'): LivePayouts | null {
  const provider = liveRoute(currency, `payout_${payoutType}`);
  return provider ? livePayoutsNamed(provider) : null;
}

let mtnDisbursements: { key: string; rail: LivePayouts } | undefined;

/** The payout rail a payout was sent through (its `provider`); null when not configured now. */
export function livePayoutsNamed(provider: string): LivePayouts | null {
  if (provider === 'paystack') {
    const paystack = livePaystack();
    return (
      paystack && {
        name: 'paystack',
        sendPayout: paystack.sendPayout,
        queryPayout: paystack.queryPayout,
        readCallback: () => null,
      }
    );
  }
  if (provider !== 'mtn_momo') return null;
  const c = config();
  if (!c.MTN_MOMO_DISBURSEMENT_API_KEY || !c.MTN_MOMO_TARGET_ENVIRONMENT) return null;
  const key = JSON.stringify([c.MTN_MOMO_BASE_URL, c.MTN_MOMO_DISBURSEMENT_API_USER, c.RAIL_TIMEOUT_SECONDS]);
  if (mtnDisbursements?.key !== key) {
    const disbursements = mtnMomoDisbursements({
      baseUrl: c.MTN_MOMO_BASE_URL,
      targetEnvironment: c.MTN_MOMO_TARGET_ENVIRONMENT,
      credentials: {
        subscriptionKey: c.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY!,
        apiUser: c.MTN_MOMO_DISBURSEMENT_API_USER!,
        apiKey: c.MTN_MOMO_DISBURSEMENT_API_KEY,
      },
      timeoutMs: c.RAIL_TIMEOUT_SECONDS * 1000,
    });
    mtnDisbursements = {
      key,
      rail: {
        name: 'mtn_momo',
        sendPayout: (request) => disbursements.sendPayout(request),
        queryPayout: (request) => disbursements.queryPayout(request),
        readCallback: (body) => disbursements.readCallback(body),
      },
    };
  }
  return mtnDisbursements.rail;
}
