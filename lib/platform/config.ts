import { z } from 'zod';
import { DEFAULT_FEE_SCHEDULE, feeScheduleSetting } from './settings/fee-schedule';
import { DEFAULT_CONVERSION_RATES, conversionRatesSetting } from './settings/conversion-rates';
import { trustedProxiesSetting } from './settings/trusted-proxies';
import { messageOverridesSetting } from './i18n/override-setting';
import { liveRailSettingDocs, liveRailSettings } from './settings/live-rails';
import { liveAccountSettingDocs, liveAccountSettings, routeInstances, type RoutedLive } from './settings/live-accounts';

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

/** Every setting; SETTING_DOCS (below) says what each means. */
export const configSchema = z.object({
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .refine(
      (value) => URL.parse(value)?.hostname !== '',
      'must name a host: postgres://user:password@host:5432/database',
    ),
  DATABASE_EMBEDDED: boolean.default(false),
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
  ADMIN_API_TOKEN: secret('ADMIN_API_TOKEN').optional(),
  METRICS_TOKEN: secret('METRICS_TOKEN').optional(),
  AUTH_SECRET: secret('AUTH_SECRET'),
  DEFAULT_CHECKOUT_LIFETIME_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(5, 'must be at least 5')
    .max(10080, 'must be at most 10080 (7 days)')
    .default(60),
  MOBILE_MONEY_ATTEMPT_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(180),
  BANK_TRANSFER_MIN_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  SERVICE_NAME: z.string().trim().min(1).max(80).default('Merchant Payments'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{5,32}$/, 'must be a phone number')
    .optional(),
  SUPPORT_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  MESSAGE_OVERRIDES_FILE: messageOverridesSetting,
  SANDBOX_MOBILE_MONEY_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(3),
  SANDBOX_PAYOUT_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  CHECKOUT_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  EMBED_CHECKOUT_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  EMBED_READ_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(6000),
  EMBED_IP_READ_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  PAYMENT_LINK_CHECKOUT_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  PAYMENT_LINK_IP_CHECKOUT_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  SIGN_IN_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Read by lib/access/rate-limit/client-address.ts. */
  TRUSTED_PROXIES: trustedProxiesSetting,
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(1200),
  WORKER_IN_PROCESS: boolean.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  DATABASE_STATEMENT_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(3),
  CALLBACK_SPOOL_DIR: z.string().min(1).optional(),
  SETTLEMENT_DELAY_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be at least 0')
    .max(43_200, 'must be at most 43200 (30 days)')
    .default(1440),
  FEE_SCHEDULE: feeScheduleSetting.default(DEFAULT_FEE_SCHEDULE),
  CONVERSION_RATES: conversionRatesSetting.default(DEFAULT_CONVERSION_RATES),
  CONVERSION_QUOTE_LIFETIME_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(10),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  WEBHOOK_RETRY_DELAY_SCALE: z.coerce.number().min(0.001).max(1).default(1),
  ...liveRailSettings,
  ...liveAccountSettings,
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** lib/platform/log.ts reads LOG_FILE and LOG_FILE_LEVEL from the environment directly. */
  LOG_FILE: z.string().min(1).optional(),
  LOG_FILE_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).optional(),
  /** The standard OpenTelemetry variable: lib/platform/ops/tracing.ts. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
});

/**
 * What docs/configuration.md says of each setting (markdown, links relative to docs/); `npm run docs:config` writes that file from this
 * table and the schema above (a unit test fails when it is out of date). `meaning` is required for
 * every setting (the compiler checks); `whenUnset` replaces the default the schema would show (one
 * computed from other settings, or too long for a table); `allowed` says what is accepted where the
 * schema's bounds (numbers, lengths, choices) cannot.
 */
export interface SettingDoc {
  meaning: string;
  whenUnset?: string;
  allowed?: string;
}

export const SETTING_DOCS: Record<keyof typeof configSchema.shape, SettingDoc> = {
  DATABASE_URL: {
    meaning:
      'The PostgreSQL database. Unset, `npm start`, `npm run worker` and `npm run merchant:create` use an embedded PostgreSQL under `DATA_DIR` (starting it, or joining the one already running).',
    whenUnset: 'embedded PostgreSQL',
    allowed: '`postgres://user:password@host:5432/database` (or `postgresql://`)',
  },
  DATABASE_EMBEDDED: {
    meaning:
      'Set to `true` by `npm start` and the other scripts when `DATABASE_URL` was unset and they started (or joined) the embedded PostgreSQL, and to `false` otherwise: the development defaults, `/dev/mailbox` among them, exist only then. Not meant to be set by hand.',
    allowed: '`true`, `false` (or `1`, `0`)',
  },
  PORT: { meaning: 'The HTTP port the web server listens on.' },
  HOST: {
    meaning: 'The interface to listen on: `0.0.0.0` to take connections from other machines (behind a load balancer).',
    allowed: 'an address or host name',
  },
  API_BASE_URL: {
    meaning:
      "The API's public base URL: the start banner, the `/docs` quick start, the OpenAPI document's server and the checkout button's script URL are built from it, and sign-in trusts its origin. Passkeys are tied to its host name and are offered only when it is a name, not an IP address.",
    whenUnset: '`http://HOST:PORT` (`localhost` for `HOST=0.0.0.0`)',
    allowed: 'an http(s) URL without query, fragment or credentials (a trailing `/` is dropped)',
  },
  CHECKOUT_BASE_URL: {
    meaning:
      "The hosted page's public base URL: every `checkout_url` is `CHECKOUT_BASE_URL/pay/{payment_reference}#token=…`, built from this setting, never from the request.",
    whenUnset: '`API_BASE_URL`',
    allowed: 'as `API_BASE_URL`',
  },
  CHECKOUT_TOKEN_SECRET: {
    meaning: 'The HS256 key that signs checkout tokens (the `#token=` of every `checkout_url`).',
    whenUnset: 'required (generated on the embedded database)',
  },
  CHECKOUT_TOKEN_PREVIOUS_SECRETS: {
    meaning:
      'Former `CHECKOUT_TOKEN_SECRET`s still accepted, so links signed with them keep working while they live (rotation).',
    whenUnset: 'none',
    allowed: 'comma-separated secrets',
  },
  ADMIN_API_TOKEN: {
    meaning:
      "The bootstrap bearer token of the operator API (`Authorization: Bearer …`), for a deployment that has no operator yet: it works only until the first operator makes an admin key in the console (`ak_…`), then it is refused. Its calls are in the audit log as the bootstrap token's.",
    whenUnset: 'the operator API takes only admin keys (generated on the embedded database)',
  },
  METRICS_TOKEN: {
    meaning:
      'The bearer token Prometheus scrapes `GET /api/metrics` with (`authorization: credentials` in its scrape job; [operations.md](operations.md#metrics-and-alerts)). Without it the endpoint answers 404: nothing is exposed.',
    whenUnset: 'no metrics endpoint',
  },
  AUTH_SECRET: {
    meaning:
      'The key the dashboard signs its session cookies with and encrypts two-factor secrets under (better-auth). Keep it stable: a new one signs everybody out and loses every enrolled authenticator.',
    whenUnset: 'required (generated once into `.data/dev-secrets.json` on the embedded database)',
  },
  ...liveRailSettingDocs,
  ...liveAccountSettingDocs,
  DEFAULT_CHECKOUT_LIFETIME_MINUTES: {
    meaning: "A checkout's lifetime when the request gives no `expires_in_minutes`.",
  },
  MOBILE_MONEY_ATTEMPT_TIMEOUT_SECONDS: {
    meaning: 'How long a mobile-money prompt may go unanswered before the attempt times out.',
  },
  BANK_TRANSFER_MIN_MINUTES: {
    meaning:
      'Bank transfer is not offered when the checkout expires sooner than this (a transfer could not arrive in time), unless one was already started.',
  },
  SERVICE_NAME: { meaning: "The service's name, shown on the hosted page beside its support contact." },
  SMTP_URL: {
    meaning:
      'The SMTP server the service sends its email through (sign-up, password reset, invitations, receipts and money notices: docs/mail.md), e.g. `smtps://user:password@smtp.example.com:465`. Never logged.',
    whenUnset:
      'email is kept in the database; on the embedded database only, `/dev/mailbox` shows it to requests from this machine under a configured host',
    allowed: 'an `smtp://` or `smtps://` URL',
  },
  MAIL_FROM: {
    meaning: 'The sender of every email.',
    whenUnset: '`"SERVICE_NAME" <no-reply@host of API_BASE_URL>`',
    allowed: 'an address, optionally with a name: `Payments <no-reply@example.com>`',
  },
  SUPPORT_EMAIL: {
    meaning: "The service's support email: the hosted page shows the service's contact where a merchant set none.",
    whenUnset: 'none',
    allowed: 'an email address',
  },
  SUPPORT_PHONE: {
    meaning: "The service's support phone number, shown like `SUPPORT_EMAIL`.",
    whenUnset: 'none',
    allowed: 'digits, spaces and `().-`, an optional leading `+`; 5 to 32 characters',
  },
  SUPPORT_URL: {
    meaning: "The service's support page, shown like `SUPPORT_EMAIL`.",
    whenUnset: 'none',
    allowed: 'an `https://` URL',
  },
  MESSAGE_OVERRIDES_FILE: {
    meaning:
      'A JSON file of the deployment\'s own wording for the customer\'s pages, button and mail, per language: `{"am": {"pay_button": "…{amount}"}}`. Checked at start against the catalogue (language, key, plural forms, placeholders): see [languages](languages.md).',
    whenUnset: 'the catalogue as shipped',
    allowed: 'a readable file path',
  },
  SANDBOX_MOBILE_MONEY_DELAY_SECONDS: {
    meaning: 'Sandbox: how long the simulated customer takes to approve a prompt.',
  },
  SANDBOX_PAYOUT_DELAY_SECONDS: {
    meaning:
      'Sandbox: how long a withdrawal or payout stays `PENDING` (cancellable) before the rail picks it up, and then `PROCESSING` before it completes or fails.',
  },
  CHECKOUT_WRITE_LIMIT_PER_MINUTE: {
    meaning: "Writes to the hosted page's interface (pay, claim, resend) per checkout per minute.",
  },
  CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE: {
    meaning: "Writes to the hosted page's interface per client address per minute.",
  },
  SIGN_IN_IP_LIMIT_PER_MINUTE: {
    meaning:
      'Sign-in attempts, and second-factor codes, per client address per minute, whichever account (the per-account limits apply too).',
  },
  EMBED_CHECKOUT_LIMIT_PER_MINUTE: { meaning: 'Checkout button: checkouts started per embed session per minute.' },
  EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE: {
    meaning: 'Checkout button: checkouts started per client address per minute.',
  },
  EMBED_READ_LIMIT_PER_MINUTE: {
    meaning: 'Checkout button: button loads (`GET /api/embed/v1/session`) per embed session per minute.',
  },
  EMBED_IP_READ_LIMIT_PER_MINUTE: { meaning: 'Checkout button: button loads per client address per minute.' },
  PAYMENT_LINK_CHECKOUT_LIMIT_PER_MINUTE: {
    meaning: 'Payment links (`/l/<slug>`): checkouts started per link per minute.',
  },
  PAYMENT_LINK_IP_CHECKOUT_LIMIT_PER_MINUTE: {
    meaning: 'Payment links (`/l/<slug>`): checkouts started per client address per minute.',
  },
  TRUSTED_PROXIES: {
    meaning:
      "The proxies in front of this service: only their `X-Forwarded-For` / `X-Real-IP` are read to find a client's address for the per-address limits.",
    whenUnset: 'none: each client counts by its own TCP address',
    allowed: 'comma-separated addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`)',
  },
  API_KEY_RATE_LIMIT_PER_MINUTE: {
    meaning: 'Merchant API requests per API key per minute, reads and writes together.',
  },
  WORKER_IN_PROCESS: {
    meaning: 'Run the background worker inside `npm start`; `false` where workers run apart (`npm run worker`).',
    allowed: '`true`, `false` (or `1`, `0`)',
  },
  WORKER_CONCURRENCY: { meaning: 'Jobs a worker process runs at once.' },
  DATABASE_POOL_SIZE: { meaning: 'Database connections per process.' },
  DATABASE_CONNECT_TIMEOUT_SECONDS: {
    meaning:
      'How long opening a database connection may take before it fails. While the database is unreachable, no request waits longer than about this for its 503 `database_unavailable`, and most are answered at once ([operations.md](operations.md#when-the-database-is-unreachable)).',
  },
  DATABASE_STATEMENT_DEADLINE_SECONDS: {
    meaning:
      'A statement without an answer within this long is answered as a lost connection (503 `database_unavailable`), not waited for: a partition or a failover that leaves a connection silent holds no request longer ([operations.md](operations.md#when-the-database-is-unreachable)). No statement of the service runs this long.',
  },
  SHUTDOWN_DRAIN_SECONDS: {
    meaning:
      "When `npm start` is told to stop (SIGTERM), its web server first answers GET /api/ready with 503 `draining` for this long, still serving everything else, so the load balancer stops sending it requests before it closes; then it sends its buffered traces (at most 2 s, only when tracing is on), finishes the requests in flight and exits. At least the balancer's check interval times its fall count (HAProxy as shipped: 1 s × 2) ([operations.md](operations.md#a-rolling-deploy)).",
  },
  CALLBACK_SPOOL_DIR: {
    meaning:
      "Where a web instance keeps providers' callbacks (M-Pesa's, MTN's, Airtel's) that arrive while the database cannot be reached, answering them 200, and from where it applies them once it can: M-Pesa and MTN send a callback once. On this machine's disk, writable by the service; relative paths are from the working directory ([operations.md](operations.md#when-the-database-is-unreachable)).",
    whenUnset:
      '`callback-spool` in the directory systemd gives the unit (`StateDirectory=`: `/var/lib/payments/callback-spool` for `deploy/systemd/payments-web.service`), else `.data/callback-spool`',
    allowed: 'a directory path',
  },
  SETTLEMENT_DELAY_MINUTES: {
    meaning:
      'How long a completed deposit stays in holding before a settlement run moves it to available (1440: the next day).',
  },
  FEE_SCHEDULE: {
    meaning: 'The fee rules, replacing the default schedule as a whole ([how fees work](decisions/money.md#fees)).',
    whenUnset: 'the default schedule (below)',
    allowed: 'a JSON array of rules (below) with a `*` rule for every operation',
  },
  CONVERSION_RATES: {
    meaning: 'The conversion rate table: units of each currency per 1 USD.',
    whenUnset: 'the sandbox rates (below)',
    allowed: 'a JSON object of positive decimal strings, one for every currency: `{"USD":"1","GHS":"15.50",…}`',
  },
  CONVERSION_QUOTE_LIFETIME_SECONDS: { meaning: 'How long a conversion quote can be used.' },
  WEBHOOK_TIMEOUT_SECONDS: {
    meaning: 'A webhook attempt without a complete answer within this long is a failed attempt (`timeout`).',
  },
  WEBHOOK_CONCURRENCY: { meaning: 'Webhook deliveries in flight at once per worker process.' },
  WEBHOOK_RETRY_DELAY_SCALE: {
    meaning:
      'Multiplies the waits between webhook attempts (5 s, 5 min, 30 min, … about 3 days in all). Below 1 only for drills and tests: `npm run test:chaos` uses 0.01, so a delivery failed twice is tried again in 3 s, not 5 minutes.',
  },
  LOG_LEVEL: { meaning: 'What is written to stdout (errors to stderr).' },
  LOG_FILE: {
    meaning: 'Also append every log line to this file (JSON lines, opened once in append mode).',
    whenUnset: 'none',
    allowed: 'a file path',
  },
  LOG_FILE_LEVEL: {
    meaning: "The file's own threshold: `debug` to the file while stdout stays at `info`, for example.",
    whenUnset: '`LOG_LEVEL`',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    meaning:
      'An OpenTelemetry collector taking OTLP over HTTP (`http://collector:4318`): the web servers and workers send it their traces, at `/v1/traces` under this URL ([operations.md](operations.md#traces)). Its credentials, if any, go in the standard `OTEL_EXPORTER_OTLP_HEADERS`.',
    whenUnset: 'no traces (no tracing SDK is started)',
    allowed: 'an http(s) URL without query, fragment or credentials (a trailing `/` is dropped)',
  },
};

export type Config = Omit<
  z.infer<typeof configSchema>,
  'API_BASE_URL' | 'CHECKOUT_BASE_URL' | 'MAIL_FROM' | 'LIVE_ROUTES'
> & {
  /** Each route with the provider instance it goes through (settings/live-accounts.ts). */
  LIVE_ROUTES: RoutedLive[];
  API_BASE_URL: string;
  CHECKOUT_BASE_URL: string;
  MAIL_FROM: string;
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
  const routed = routeInstances(c.LIVE_ROUTES, c);
  if (routed.problems.length) throw new ConfigError(routed.problems);
  const apiBase = c.API_BASE_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`;
  const mailFrom = c.MAIL_FROM ?? `"${c.SERVICE_NAME.replaceAll('"', '')}" <no-reply@${new URL(apiBase).hostname}>`;
  return {
    ...c,
    LIVE_ROUTES: routed.routes,
    API_BASE_URL: apiBase,
    CHECKOUT_BASE_URL: c.CHECKOUT_BASE_URL ?? apiBase,
    MAIL_FROM: mailFrom,
  };
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
