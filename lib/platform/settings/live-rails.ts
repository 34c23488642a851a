import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies';

/**
 * Live mode's rails, configured per deployment: LIVE_ROUTES says which provider takes each
 * (currency, method), and each provider's credentials come from its own variables. Test mode never
 * reads any of this: it always runs on the sandbox. A route to a provider without its credentials, or
 * to a provider that does not serve that currency and method, stops the start with a message naming
 * the variable; secrets are never part of any message.
 */
export const LIVE_METHODS = ['bank_transfer'] as const;
export type LiveMethod = (typeof LIVE_METHODS)[number];

/** What each wired provider serves. MTN MoMo and M-Pesa adapters exist (lib/rails/providers) but are not wired to attempts yet. */
export const LIVE_PROVIDERS = {
  paystack: { bank_transfer: ['NGN', 'KES'] },
} as const satisfies Record<string, Partial<Record<LiveMethod, readonly CurrencyCode[]>>>;
export type LiveProvider = keyof typeof LIVE_PROVIDERS;

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
              : !(LIVE_PROVIDERS[provider as LiveProvider][method as LiveMethod] as readonly string[]).includes(
                    currency,
                  )
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
  PAYSTACK_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.paystack.co'),
};

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
  PAYSTACK_BASE_URL: {
    meaning: "Paystack's API; tests point it at a local contract server.",
    allowed: 'an http(s) URL',
  },
};

/** Routes whose provider has no credentials: the config refuses them at start. */
export function unconfiguredRoutes(routes: LiveRoute[], settings: { PAYSTACK_SECRET_KEY?: string }): LiveRoute[] {
  return routes.filter((r) => r.provider === 'paystack' && !settings.PAYSTACK_SECRET_KEY);
}
