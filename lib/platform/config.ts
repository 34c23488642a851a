import { z } from 'zod';
import { DEFAULT_FEE_SCHEDULE, feeScheduleSetting } from './settings/fee-schedule';
import { DEFAULT_CONVERSION_RATES, conversionRatesSetting } from './settings/conversion-rates';
import { trustedProxiesSetting } from './settings/trusted-proxies';

/**
 * Every setting the service reads, validated once. A bad or missing variable stops the process with a
 * message that names it, never a stack trace (see scripts/start.ts).
 */
const secret = (name: string) =>
  z.string({ error: `${name} is required (at least 32 characters)` }).min(32, `${name} must be at least 32 characters`);

/** A base URL that paths are appended to: no query, fragment or credentials, which would swallow them. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine((value) => {
    const url = URL.parse(value);
    return !url || (!url.username && !url.password && !value.includes('?') && !value.includes('#'));
  }, 'must be a base URL without query string, fragment or credentials')
  .transform((url) => url.replace(/\/+$/, ''));

const wholeNumber = (message: string) => z.string().regex(/^\d+$/, message).transform(Number);

const boolean = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const configSchema = z.object({
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .refine(
      (value) => URL.parse(value)?.hostname !== '',
      'must name a host: postgres://user:password@host:5432/database',
    ),
  PORT: wholeNumber('must be a port number').pipe(z.number().int().min(1).max(65535)).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  API_BASE_URL: httpUrl.optional(),
  CHECKOUT_BASE_URL: httpUrl.optional(),
  CHECKOUT_TOKEN_SECRET: secret('CHECKOUT_TOKEN_SECRET'),
  CHECKOUT_TOKEN_PREVIOUS_SECRETS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
  ADMIN_API_TOKEN: secret('ADMIN_API_TOKEN'),
  PAYMENT_RAILS: z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox'),
  DEFAULT_CHECKOUT_LIFETIME_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(5, 'must be at least 5')
    .max(10080, 'must be at most 10080 (7 days)')
    .default(60),
  MOBILE_MONEY_ATTEMPT_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(180),
  /** Bank transfer is not offered when the checkout expires sooner than this: a transfer could not arrive in time. */
  BANK_TRANSFER_MIN_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /** The service's own name and support contact: the hosted page shows them where a merchant set none. */
  SERVICE_NAME: z.string().trim().min(1).max(80).default('Merchant Payments'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{5,32}$/, 'must be a phone number')
    .optional(),
  SUPPORT_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  SANDBOX_MOBILE_MONEY_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(3),
  /** Sandbox: how long a payout stays PENDING (cancellable) and then PROCESSING. */
  SANDBOX_PAYOUT_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  CHECKOUT_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Checkout button (README "Checkout button"): checkouts started per embed session, and per client address, per minute. */
  EMBED_CHECKOUT_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Checkout button: button loads (GET /api/embed/v1/session) per embed session, and per client address, per minute. */
  EMBED_READ_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(6000),
  EMBED_IP_READ_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Proxies whose X-Forwarded-For / X-Real-IP are believed (lib/access/rate-limit/client-address.ts). */
  TRUSTED_PROXIES: trustedProxiesSetting,
  /** Merchant API requests per API key per minute (reads and writes alike), counted in PostgreSQL. */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(1200),
  WORKER_IN_PROCESS: boolean.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a completed deposit waits in holding before a settlement run moves it (default: a day). */
  SETTLEMENT_DELAY_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be at least 0')
    .max(43_200, 'must be at most 43200 (30 days)')
    .default(1440),
  FEE_SCHEDULE: feeScheduleSetting.default(DEFAULT_FEE_SCHEDULE),
  CONVERSION_RATES: conversionRatesSetting.default(DEFAULT_CONVERSION_RATES),
  CONVERSION_QUOTE_LIFETIME_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** A webhook attempt that has not answered within this long counts as failed (timeout). */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(10),
  /** Webhook deliveries in flight at once per worker process. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Also append every log line to this file (lib/platform/log.ts reads it from the environment directly). */
  LOG_FILE: z.string().min(1).optional(),
  /** The file's own threshold; defaults to LOG_LEVEL. */
  LOG_FILE_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, 'API_BASE_URL' | 'CHECKOUT_BASE_URL'> & {
  API_BASE_URL: string;
  CHECKOUT_BASE_URL: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like no FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`),
    );
  }
  const c = result.data;
  const apiBase = c.API_BASE_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`;
  return { ...c, API_BASE_URL: apiBase, CHECKOUT_BASE_URL: c.CHECKOUT_BASE_URL ?? apiBase };
}

let cached: Config | undefined;

/** The process's configuration, parsed from process.env on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests change the environment between files; this forgets the parsed copy. */
export function resetConfigForTests(): void {
  cached = undefined;
}
