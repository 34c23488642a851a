import { z } from 'zod';
import type { LiveProvider, LiveRoute } from './live-rails';

/**
 * Credentials per country, for the providers that tie them to one: an MTN API user belongs to one
 * country's target environment ("applicable to a specific country", momodeveloper.mtn.com/faq), and
 * an Airtel application's keys are enabled per country (its requests name the country, X-Country).
 * The MTN_MOMO_* variables are one country's MTN credentials (that of MTN_MOMO_TARGET_ENVIRONMENT);
 * MTN_MOMO_ACCOUNTS and AIRTEL_ACCOUNTS are JSON objects keyed by country for the others.
 *
 * Each route is sent through one provider *instance*: `mtn_momo` (the MTN_MOMO_* variables),
 * `mtn_momo:CI` (MTN_MOMO_ACCOUNTS.CI), `airtel:UG`, `paystack`, `mpesa`. Attempts and payouts record
 * it as their `provider`, so their callbacks, status queries and circuit breaker find the same one.
 */

const jsonObject = <T extends z.ZodType>(what: string, schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be a JSON object of ${what}` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const secret = z.string().min(1);
const mtnProduct = z.strictObject({ subscription_key: secret, api_user: z.uuid(), api_key: secret });
const mtnAccount = z.strictObject({
  target_environment: z.string().regex(/^[a-z]+$/, 'must be the value MTN gives (e.g. mtnivorycoast)'),
  collection: mtnProduct.optional(),
  disbursement: mtnProduct.optional(),
});
const airtelAccount = z.strictObject({
  client_id: secret,
  client_secret: secret,
  // RSA-encrypted with Airtel's public key, base64 (the adapter never sees the PIN itself).
  encrypted_pin: z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'encrypted_pin must be base64')
    .optional(),
  callback_key: secret.optional(),
  // Some countries publish a gateway of their own (openapi.airtel.co.zm); else AIRTEL_BASE_URL.
  base_url: z.url({ protocol: /^https?$/, error: 'base_url must be an http(s) URL' }).optional(),
});

/** The countries Airtel is wired for (LIVE_PROVIDERS.airtel). */
export const AIRTEL_ACCOUNT_COUNTRIES = ['UG', 'KE'] as const;

export const liveAccountSettings = {
  MTN_MOMO_ACCOUNTS: jsonObject(
    'country → MTN credentials',
    z.record(z.string().regex(/^[A-Z]{2}$/, 'keys must be countries (CI, CM…)'), mtnAccount),
  ).optional(),
  AIRTEL_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://openapi.airtel.africa'),
  AIRTEL_ACCOUNTS: jsonObject(
    'country → Airtel application keys',
    z.partialRecord(z.enum(AIRTEL_ACCOUNT_COUNTRIES), airtelAccount),
  ).optional(),
};

export const liveAccountSettingDocs = {
  MTN_MOMO_ACCOUNTS: {
    meaning:
      'MTN MoMo credentials for countries other than that of `MTN_MOMO_TARGET_ENVIRONMENT`: an MTN API user serves one country. Routes to `mtn_momo` in these countries go through them ([going-live.md](going-live.md)). Never logged.',
    whenUnset: 'MTN MoMo serves only the country of the `MTN_MOMO_*` variables',
    allowed:
      'a JSON object by country: `{"CI":{"target_environment":"mtnivorycoast","collection":{"subscription_key":"…","api_user":"<uuid>","api_key":"…"},"disbursement":{…}}}`',
  },
  AIRTEL_BASE_URL: {
    meaning:
      "Airtel Money's Open API (`https://openapiuat.airtel.africa` for its staging); tests point it at a contract server.",
    allowed: 'an http(s) URL',
  },
  AIRTEL_ACCOUNTS: {
    meaning:
      "The Airtel Money application of each country (its keys are enabled per country): `client_id` and `client_secret` (the portal's consumer key and secret), `encrypted_pin` (the disbursement PIN encrypted with the public key on the application's page, base64; needed for payouts) and `callback_key` (when callback authentication is on), and `base_url` where the country has a gateway of its own. Never logged.",
    whenUnset: 'not configured (a route to `airtel` stops the start)',
    allowed:
      'a JSON object by country, `UG` or `KE`: `{"UG":{"client_id":"…","client_secret":"…","encrypted_pin":"…"}}`',
  },
};

/**
 * MTN's target environments and their countries (the values MTN gives at go-live, as listed on
 * momodeveloper.mtn.com's API reference for X-Target-Environment). `sandbox` and any value not here
 * name no country: such credentials serve whichever one country the routes give them.
 */
const MTN_TARGET_COUNTRIES: Record<string, string> = {
  mtnghana: 'GH',
  mtnuganda: 'UG',
  mtnivorycoast: 'CI',
  mtncameroon: 'CM',
  mtnbenin: 'BJ',
  mtncongo: 'CG',
  mtnzambia: 'ZM',
  mtnswaziland: 'SZ',
  mtnguineaconakry: 'GN',
  mtnsouthafrica: 'ZA',
  mtnliberia: 'LR',
};

const MTN = {
  collection: [
    'MTN_MOMO_TARGET_ENVIRONMENT',
    'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY',
    'MTN_MOMO_COLLECTION_API_USER',
    'MTN_MOMO_COLLECTION_API_KEY',
  ],
  disbursement: [
    'MTN_MOMO_TARGET_ENVIRONMENT',
    'MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY',
    'MTN_MOMO_DISBURSEMENT_API_USER',
    'MTN_MOMO_DISBURSEMENT_API_KEY',
  ],
} as const;
const MPESA = {
  collection: ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORT_CODE', 'MPESA_PASSKEY'],
  disbursement: [
    'MPESA_CONSUMER_KEY',
    'MPESA_CONSUMER_SECRET',
    'MPESA_B2C_SHORT_CODE',
    'MPESA_B2C_INITIATOR_NAME',
    'MPESA_B2C_SECURITY_CREDENTIAL',
  ],
} as const;
type Variable =
  (typeof MTN)[keyof typeof MTN][number] | (typeof MPESA)[keyof typeof MPESA][number] | 'PAYSTACK_SECRET_KEY';
export type MtnAccount = z.infer<typeof mtnAccount>;
export type AirtelAccount = z.infer<typeof airtelAccount>;

type Settings = { [K in Variable]?: string | undefined } & {
  MTN_MOMO_ACCOUNTS?: Record<string, MtnAccount> | undefined;
  AIRTEL_ACCOUNTS?: Partial<Record<string, AirtelAccount>> | undefined;
};

/** A route and the provider instance it is sent through. */
export interface RoutedLive extends LiveRoute {
  instance: string;
}

/** The country the MTN_MOMO_* variables serve: their target environment's, or null (sandbox, unknown). */
export const defaultMtnCountry = (environment: string | undefined) =>
  environment ? (MTN_TARGET_COUNTRIES[environment] ?? null) : null;

/**
 * Gives each route its instance, or says why it cannot have one: its provider's credentials are not
 * set, or none cover its country, or one MTN credential would serve two countries.
 */
export function routeInstances(routes: LiveRoute[], s: Settings): { routes: RoutedLive[]; problems: string[] } {
  const problems: string[] = [];
  const routed: RoutedLive[] = [];
  const name = (r: LiveRoute) => `LIVE_ROUTES: ${r.currency}:${r.method}:${r.country} goes to ${r.provider}`;
  const missing = (r: LiveRoute, vars: readonly string[]) => {
    const unset = vars.filter((v) => !s[v as Variable]);
    if (unset.length) problems.push(`${name(r)}, whose credentials are not set (${unset.join(', ')})`);
    return unset.length > 0;
  };
  for (const r of routes) {
    const product = r.method.startsWith('payout_') ? 'disbursement' : 'collection';
    const instance = instanceOf(r, product, s, problems, name(r), missing);
    if (instance) routed.push({ ...r, instance });
  }
  problems.push(...mtnProblems(routed, s));
  return { routes: routed, problems };
}

function instanceOf(
  r: LiveRoute,
  product: 'collection' | 'disbursement',
  s: Settings,
  problems: string[],
  name: string,
  missing: (r: LiveRoute, vars: readonly string[]) => boolean,
): string | null {
  const provider: LiveProvider = r.provider;
  if (provider === 'paystack') return missing(r, ['PAYSTACK_SECRET_KEY']) ? null : 'paystack';
  if (provider === 'mpesa') return missing(r, MPESA[product]) ? null : 'mpesa';
  if (provider === 'airtel') {
    const account = s.AIRTEL_ACCOUNTS?.[r.country];
    const unset = !account
      ? `AIRTEL_ACCOUNTS.${r.country}`
      : product === 'disbursement' && !account.encrypted_pin
        ? `AIRTEL_ACCOUNTS.${r.country}.encrypted_pin`
        : null;
    if (unset) problems.push(`${name}, whose credentials for ${r.country} are not set (${unset})`);
    return unset ? null : `airtel:${r.country}`;
  }
  const account = s.MTN_MOMO_ACCOUNTS?.[r.country];
  if (account) {
    if (account[product]) return `mtn_momo:${r.country}`;
    problems.push(
      `${name}, whose credentials for ${r.country} are not set (MTN_MOMO_ACCOUNTS.${r.country}.${product})`,
    );
    return null;
  }
  const own = defaultMtnCountry(s.MTN_MOMO_TARGET_ENVIRONMENT);
  if (own && own !== r.country) {
    problems.push(
      `${name}, but no MTN credentials cover ${r.country}: MTN_MOMO_TARGET_ENVIRONMENT (${s.MTN_MOMO_TARGET_ENVIRONMENT}) is ${own}'s; give ${r.country} its own in MTN_MOMO_ACCOUNTS`,
    );
    return null;
  }
  return missing(r, MTN[product]) ? null : 'mtn_momo';
}

/** One MTN API user serves one country: never two countries on the MTN_MOMO_* variables, nor one user twice. */
function mtnProblems(routed: RoutedLive[], s: Settings): string[] {
  const problems: string[] = [];
  const onDefault = [...new Set(routed.filter((r) => r.instance === 'mtn_momo').map((r) => r.country))];
  if (onDefault.length > 1) {
    problems.push(
      `LIVE_ROUTES: two countries (${onDefault.join(', ')}) on one MTN credential (MTN_MOMO_*): MTN ties an API user to one country; give the others MTN_MOMO_ACCOUNTS`,
    );
  }
  const accounts = s.MTN_MOMO_ACCOUNTS ?? {};
  const byEnvironment = defaultMtnCountry(s.MTN_MOMO_TARGET_ENVIRONMENT);
  const own = byEnvironment ?? onDefault[0];
  const users = new Map<string, string>();
  const note = (user: string | undefined, country: string) => {
    if (!user) return;
    const seen = users.get(user);
    if (seen && seen !== country)
      problems.push(`MTN_MOMO_ACCOUNTS: ${seen} and ${country} share an API user: MTN ties an API user to one country`);
    users.set(user, country);
  };
  if (own) {
    note(s.MTN_MOMO_COLLECTION_API_USER, own);
    note(s.MTN_MOMO_DISBURSEMENT_API_USER, own);
  }
  for (const [country, account] of Object.entries(accounts)) {
    const envCountry = defaultMtnCountry(account.target_environment);
    if (envCountry && envCountry !== country)
      problems.push(
        `MTN_MOMO_ACCOUNTS: ${country}'s target_environment ${account.target_environment} is ${envCountry}'s`,
      );
    if (byEnvironment === country)
      problems.push(`MTN_MOMO_ACCOUNTS: ${country} is already served by the MTN_MOMO_* variables`);
    note(account.collection?.api_user, country);
    note(account.disbursement?.api_user, country);
  }
  return problems;
}
