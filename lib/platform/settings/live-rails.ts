import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * Live mode's rails, configured per deployment: LIVE_ROUTES says which provider takes each
 * (currency, method), and each provider's credentials come from its own variables. Test mode never
 * reads any of this: it always runs on the sandbox. A route to a provider without its credentials, or
 * to a provider that does not serve that currency and method, stops the start with a message naming
 * the variable; secrets are never part of any message.
 */
export const LIVE_METHODS = ['mobile_money', 'bank_transfer', 'payout_mobile_money', 'payout_bank_transfer'] as const;
export type LiveMethod = (typeof LIVE_METHODS)[number];

/** What each wired provider serves: collections, and payouts (withdrawals and payouts) by destination. */
export const LIVE_PROVIDERS = {
  paystack: {
    bank_transfer: ['NGN', 'KES'],
    payout_bank_transfer: ['NGN', 'GHS', 'KES'],
    payout_mobile_money: ['GHS', 'KES'],
  },
  mtn_momo: { mobile_money: ['GHS', 'XOF', 'XAF', 'EUR'], payout_mobile_money: ['GHS', 'XOF', 'XAF', 'EUR'] },
  mpesa: { mobile_money: ['KES'], payout_mobile_money: ['KES'] },
} as const satisfies Record<string, Partial<Record<LiveMethod, readonly CurrencyCode[]>>>;
export type LiveProvider = keyof typeof LIVE_PROVIDERS;

/** The currencies a provider serves a method in (none when it does not offer the method). */
export const servedBy = (provider: LiveProvider, method: LiveMethod): readonly string[] =>
  (LIVE_PROVIDERS[provider] as Partial<Record<LiveMethod, readonly string[]>>)[method] ?? [];

export interface LiveRoute {
  currency: CurrencyCode;
  method: LiveMethod;
  provider: LiveProvider;
}

const ROUTE = /^([A-Z]{3})\s*:\s*([a-z_]+)\s*=\s*([a-z_]+)$/;

/** `NGN:bank_transfer=paystack, KES:bank_transfer=paystack` → routes; each entry checked on its own. */
export const liveRoutesSetting = z
  .string()
  .optional()
  .transform((raw, ctx): LiveRoute[] => {
    const routes: LiveRoute[] = [];
    for (const entry of (raw ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const [, currency, method, provider] = ROUTE.exec(entry) ?? [];
      const problem = !currency
        ? 'is not CURRENCY:method=provider'
        : !(CURRENCY_CODES as readonly string[]).includes(currency)
          ? `names an unknown currency ${currency}`
          : !(LIVE_METHODS as readonly string[]).includes(method!)
            ? `names method ${method}: live routes take ${LIVE_METHODS.join(', ')}`
            : !(provider! in LIVE_PROVIDERS)
              ? `names provider ${provider}: live routes take ${Object.keys(LIVE_PROVIDERS).join(', ')}`
              : !servedBy(provider as LiveProvider, method as LiveMethod).includes(currency)
                ? `${provider} does not serve ${method} in ${currency}`
                : null;
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `entry "${entry}" ${problem}` });
        continue;
      }
      if (routes.some((r) => r.currency === currency && r.method === method)) {
        ctx.addIssue({ code: 'custom', message: `routes ${currency} ${method} twice` });
        continue;
      }
      routes.push({
        currency: currency as CurrencyCode,
        method: method as LiveMethod,
        provider: provider as LiveProvider,
      });
    }
    return routes;
  });

export const liveRailSettings = {
  LIVE_ROUTES: liveRoutesSetting,
  RAIL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]+$/, 'must be a Paystack secret key (sk_live_… or sk_test_…)')
    .optional(),
  PAYSTACK_BASE_URL: httpUrl.default('https://api.paystack.co'),
  MTN_MOMO_BASE_URL: httpUrl.default('https://proxy.momoapi.mtn.com'),
  MTN_MOMO_TARGET_ENVIRONMENT: z
    .string()
    .regex(/^[a-z]+$/, 'must be the value MTN gives (e.g. mtnghana)')
    .optional(),
  MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MTN_MOMO_COLLECTION_API_USER: z.uuid({ error: 'must be the API user id (a UUID)' }).optional(),
  MTN_MOMO_COLLECTION_API_KEY: z.string().min(1).optional(),
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MTN_MOMO_DISBURSEMENT_API_USER: z.uuid({ error: 'must be the API user id (a UUID)' }).optional(),
  MTN_MOMO_DISBURSEMENT_API_KEY: z.string().min(1).optional(),
  MPESA_BASE_URL: httpUrl.default('https://api.safaricom.co.ke'),
  MPESA_CONSUMER_KEY: z.string().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
  MPESA_SHORT_CODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be the PayBill or store number')
    .optional(),
  MPESA_PASSKEY: z.string().min(1).optional(),
  MPESA_TILL_NUMBER: z
    .string()
    .regex(/^\d{5,7}$/, 'must be a till number')
    .optional(),
  MPESA_B2C_SHORT_CODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be the B2C short code')
    .optional(),
  MPESA_B2C_INITIATOR_NAME: z.string().min(1).optional(),
  MPESA_B2C_SECURITY_CREDENTIAL: z.string().min(1).optional(),
  MPESA_B2C_COMMAND: z.enum(['BusinessPayment', 'SalaryPayment', 'PromotionPayment']).default('BusinessPayment'),
};

const url = 'an http(s) URL';
const secretDoc = (what: string) => ({
  meaning: `${what} Never logged.`,
  whenUnset: 'not configured (a route to the provider stops the start)',
  allowed: 'as the provider issues it',
});

export const liveRailSettingDocs = {
  LIVE_ROUTES: {
    meaning:
      'Which provider takes each currency and method in live mode ([going-live.md](going-live.md)). A live checkout offers only the methods routed here; with none, live mode takes no payment and says so. Test mode ignores it.',
    whenUnset: 'no live route',
    allowed: 'comma-separated `CURRENCY:method=provider`, e.g. `NGN:bank_transfer=paystack`',
  },
  RAIL_TIMEOUT_SECONDS: {
    meaning:
      'How long a provider may take to answer one request; past it the outcome is unknown and is asked again, never guessed.',
  },
  PAYSTACK_SECRET_KEY: {
    meaning:
      'The Paystack secret key: it authenticates our calls and is the key Paystack signs its webhooks with. Never logged.',
    whenUnset: 'Paystack not configured (a route to it stops the start)',
    allowed: "`sk_live_…` (or `sk_test_…` against Paystack's test mode)",
  },
  PAYSTACK_BASE_URL: { meaning: "Paystack's API; tests point it at a local contract server.", allowed: url },
  MTN_MOMO_BASE_URL: {
    meaning: "MTN MoMo's Open API gateway (`https://sandbox.momodeveloper.mtn.com` for MTN's sandbox).",
    allowed: url,
  },
  MTN_MOMO_TARGET_ENVIRONMENT: {
    meaning:
      "`X-Target-Environment`: the country's value MTN gives at onboarding (`mtnghana`…), `sandbox` for MTN's sandbox.",
    whenUnset: 'not configured',
    allowed: 'lower-case letters',
  },
  MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: secretDoc("The Collection product's `Ocp-Apim-Subscription-Key`."),
  MTN_MOMO_COLLECTION_API_USER: {
    meaning: "The Collection product's API user (from MTN's partner portal).",
    whenUnset: 'not configured',
    allowed: 'a UUID',
  },
  MTN_MOMO_COLLECTION_API_KEY: secretDoc("The Collection product's API key."),
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: secretDoc(
    "The Disbursement product's `Ocp-Apim-Subscription-Key` (payouts to MTN wallets).",
  ),
  MTN_MOMO_DISBURSEMENT_API_USER: {
    meaning: "The Disbursement product's API user.",
    whenUnset: 'not configured',
    allowed: 'a UUID',
  },
  MTN_MOMO_DISBURSEMENT_API_KEY: secretDoc("The Disbursement product's API key."),
  MPESA_BASE_URL: {
    meaning: "Safaricom Daraja's API (`https://sandbox.safaricom.co.ke` for its sandbox).",
    allowed: url,
  },
  MPESA_CONSUMER_KEY: secretDoc("The Daraja app's consumer key."),
  MPESA_CONSUMER_SECRET: secretDoc("The Daraja app's consumer secret."),
  MPESA_SHORT_CODE: {
    meaning: 'The PayBill number (or the store number of a till) STK Push charges to.',
    whenUnset: 'not configured',
    allowed: '5 to 7 digits',
  },
  MPESA_PASSKEY: secretDoc('The Lipa na M-Pesa Online passkey.'),
  MPESA_TILL_NUMBER: {
    meaning:
      'For a Buy Goods till: its till number (STK Push then uses `CustomerBuyGoodsOnline`); unset for a PayBill.',
    whenUnset: 'PayBill (`CustomerPayBillOnline`)',
    allowed: '5 to 7 digits',
  },
  MPESA_B2C_SHORT_CODE: {
    meaning: 'The B2C short code payouts leave from (`PartyA`).',
    whenUnset: 'not configured',
    allowed: '5 to 7 digits',
  },
  MPESA_B2C_INITIATOR_NAME: {
    meaning: "The API operator's user name on the M-PESA Org portal (`InitiatorName`).",
    whenUnset: 'not configured',
    allowed: 'as Safaricom issues it',
  },
  MPESA_B2C_SECURITY_CREDENTIAL: secretDoc(
    "The initiator's password encrypted with Safaricom's certificate, base64 (the Daraja portal computes it); renew it with the password.",
  ),
  MPESA_B2C_COMMAND: {
    meaning: 'The B2C `CommandID` payouts are sent with.',
    allowed: 'BusinessPayment, SalaryPayment or PromotionPayment',
  },
};

const MTN_COLLECTION = [
  'MTN_MOMO_TARGET_ENVIRONMENT',
  'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY',
  'MTN_MOMO_COLLECTION_API_USER',
  'MTN_MOMO_COLLECTION_API_KEY',
] as const;
const MTN_DISBURSEMENT = [
  'MTN_MOMO_TARGET_ENVIRONMENT',
  'MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY',
  'MTN_MOMO_DISBURSEMENT_API_USER',
  'MTN_MOMO_DISBURSEMENT_API_KEY',
] as const;

const MPESA_STK = ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORT_CODE', 'MPESA_PASSKEY'] as const;
const MPESA_B2C = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_B2C_SHORT_CODE',
  'MPESA_B2C_INITIATOR_NAME',
  'MPESA_B2C_SECURITY_CREDENTIAL',
] as const;

/** The variables a route needs before it may go to its provider (MTN's two products have their own). */
export function variablesFor(route: Pick<LiveRoute, 'provider' | 'method'>) {
  const paying = route.method.startsWith('payout_');
  if (route.provider === 'paystack') return ['PAYSTACK_SECRET_KEY'] as const;
  if (route.provider === 'mtn_momo') return paying ? MTN_DISBURSEMENT : MTN_COLLECTION;
  return paying ? MPESA_B2C : MPESA_STK;
}
type ProviderVariable = ReturnType<typeof variablesFor>[number];

/** Each route whose provider misses a variable, and which: the config refuses them at start. */
export function unconfiguredRoutes(
  routes: LiveRoute[],
  settings: Partial<Record<ProviderVariable, string>>,
): { route: LiveRoute; missing: string[] }[] {
  return routes.flatMap((route) => {
    const missing = variablesFor(route).filter((name) => !settings[name]);
    return missing.length ? [{ route, missing }] : [];
  });
}
