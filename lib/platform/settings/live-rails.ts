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

type Served = Partial<Record<CurrencyCode, readonly string[]>>;
const MTN_MOMO: Served = { GHS: ['GH'], XOF: ['CI'], XAF: ['CM'], UGX: ['UG'] };
const AIRTEL: Served = { UGX: ['UG'], KES: ['KE'] };

/**
 * What each wired provider serves: per method, the currencies and, for each, the countries (ISO 3166).
 * MTN: the target environments of the countries the service has markets for (momodeveloper.mtn.com;
 * its sandbox's EUR has no market here, so it is not routable). Airtel: the countries wired, of its
 * adapter's five. Paystack's Pay with Transfer is "currently only available in Nigeria"
 * (support.paystack.com/en/articles/2128642).
 */
export const LIVE_PROVIDERS = {
  paystack: {
    bank_transfer: { NGN: ['NG'] },
    payout_bank_transfer: { NGN: ['NG'], GHS: ['GH'], KES: ['KE'] },
    payout_mobile_money: { GHS: ['GH'], KES: ['KE'] },
  },
  mtn_momo: { mobile_money: MTN_MOMO, payout_mobile_money: MTN_MOMO },
  mpesa: { mobile_money: { KES: ['KE'] }, payout_mobile_money: { KES: ['KE'] } },
  airtel: { mobile_money: AIRTEL, payout_mobile_money: AIRTEL },
} as const satisfies Record<string, Partial<Record<LiveMethod, Served>>>;
export type LiveProvider = keyof typeof LIVE_PROVIDERS;

/** The one network a provider's mobile-money rails serve; null: several (Paystack pays MTN and Telecel). */
export const PROVIDER_NETWORK: Record<LiveProvider, string | null> = {
  paystack: null,
  mtn_momo: 'mtn_momo',
  mpesa: 'mpesa',
  airtel: 'airtel_money',
};

/** The countries a provider serves a method in, in a currency (none when it does not). */
export const servedBy = (provider: LiveProvider, method: LiveMethod, currency: string): readonly string[] =>
  (LIVE_PROVIDERS[provider] as Partial<Record<LiveMethod, Served>>)[method]?.[currency as CurrencyCode] ?? [];

const servedCurrencies = (provider: LiveProvider, method: LiveMethod) =>
  Object.keys((LIVE_PROVIDERS[provider] as Partial<Record<LiveMethod, Served>>)[method] ?? {});

/** Currencies of several countries: a route must name its country (XOF:mobile_money:CI=mtn_momo). */
const SHARED_CURRENCIES: readonly string[] = ['XOF', 'XAF', 'EUR', 'USD', 'GBP'];

export interface LiveRoute {
  currency: CurrencyCode;
  method: LiveMethod;
  /** ISO 3166 alpha-2: where the provider serves this route (its credentials must cover it). */
  country: string;
  provider: LiveProvider;
}

const ROUTE = /^([A-Z]{3})\s*:\s*([a-z_]+)\s*(?::\s*([A-Z]{2})\s*)?=\s*([a-z_]+)$/;

/** Why an entry cannot be a route, or its country (given, or implied by the one the provider serves). */
function readEntry(currency: string, method: string, country: string | undefined, provider: string) {
  if (!(CURRENCY_CODES as readonly string[]).includes(currency))
    return { problem: `names an unknown currency ${currency}` };
  if (!(LIVE_METHODS as readonly string[]).includes(method))
    return { problem: `names method ${method}: live routes take ${LIVE_METHODS.join(', ')}` };
  if (!(provider in LIVE_PROVIDERS))
    return { problem: `names provider ${provider}: live routes take ${Object.keys(LIVE_PROVIDERS).join(', ')}` };
  const p = provider as LiveProvider;
  const m = method as LiveMethod;
  const countries = servedBy(p, m, currency);
  if (!countries.length) {
    const served = servedCurrencies(p, m);
    const why = p === 'paystack' && m === 'bank_transfer' ? " (Paystack's Pay with Transfer is Nigeria-only)" : '';
    return {
      problem: `${provider} does not serve ${method} in ${currency}${why}: it serves ${served.join(', ') || 'no currency'} there`,
    };
  }
  if (country) {
    if (!countries.includes(country))
      return {
        problem: `${provider} does not serve ${method} in ${currency} in ${country}: only in ${countries.join(', ')}`,
      };
    return { country };
  }
  if (SHARED_CURRENCIES.includes(currency) || countries.length > 1) {
    return {
      problem: `needs a country: ${currency} is used in several countries, so name one, e.g. ${currency}:${method}:${countries[0]}=${provider}`,
    };
  }
  return { country: countries[0]! };
}

/**
 * `NGN:bank_transfer=paystack, XOF:mobile_money:CI=mtn_momo` → routes; each entry checked on its own.
 * A (currency, method, country) is routed once, except mobile money to providers of different networks
 * (M-Pesa and Airtel Money both in Kenya).
 */
export const liveRoutesSetting = z
  .string()
  .optional()
  .transform((raw, ctx): LiveRoute[] => {
    const routes: LiveRoute[] = [];
    for (const entry of (raw ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const [, currency, method, given, provider] = ROUTE.exec(entry) ?? [];
      const read = currency
        ? readEntry(currency, method!, given, provider!)
        : { problem: 'is not CURRENCY:method=provider (or CURRENCY:method:COUNTRY=provider)' };
      if ('problem' in read) {
        ctx.addIssue({ code: 'custom', message: `entry "${entry}" ${read.problem}` });
        continue;
      }
      const route = {
        currency: currency as CurrencyCode,
        method: method as LiveMethod,
        country: read.country,
        provider: provider as LiveProvider,
      };
      const twin = routes.find((r) => r.currency === currency && r.method === method && r.country === read.country);
      const network = PROVIDER_NETWORK[route.provider];
      if (
        twin &&
        (network === null || PROVIDER_NETWORK[twin.provider] === null || PROVIDER_NETWORK[twin.provider] === network)
      ) {
        ctx.addIssue({ code: 'custom', message: `routes ${currency} ${method} in ${read.country} twice` });
        continue;
      }
      routes.push(route);
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
      'Which provider takes each currency, method and country in live mode ([going-live.md](going-live.md)). A live checkout offers only the methods routed here, and mobile money only on the networks of the routed countries; with none, live mode takes no payment and says so. A route the provider does not serve there, or whose country no credentials of the provider cover, stops the start. Test mode ignores it.',
    whenUnset: 'no live route',
    allowed:
      'comma-separated `CURRENCY:method=provider` or `CURRENCY:method:COUNTRY=provider`, e.g. `NGN:bank_transfer=paystack,XOF:mobile_money:CI=mtn_momo`; the country is implied where the currency has one (GHS: GH), required for XOF and XAF',
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
