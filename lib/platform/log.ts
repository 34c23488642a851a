import fs from 'node:fs';

/**
 * Structured JSON lines on stdout (errors on stderr), and also appended to LOG_FILE when it is set
 * (at LOG_FILE_LEVEL, default LOG_LEVEL; the integration suite writes everything there and then
 * checks that no secret reached it).
 *
 * Callers pass only what is safe to keep: never secrets, tokens, full API keys, query strings or full
 * phone numbers. `redact` below is the safety net for when one slips through anyway: every line goes
 * through it, whoever wrote the call.
 *
 * Why not pino: this is the whole logger, it is already structured, and at our volume synchronous
 * writes cost nothing measurable; pino would add a dependency whose worker-thread transports do not
 * survive Next's server bundling without extra configuration, for no field we lack. The redaction
 * here also goes further than pino's `redact` paths: it looks at values, not only at known keys.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
type Threshold = Level | 'silent';
const ORDER: Record<Threshold, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

const levelOf = (value: string | undefined, fallback: number) =>
  value ? (ORDER[value as Threshold] ?? fallback) : fallback;

/** What a masked value is written as. */
export const MASK = '[redacted]';

/** Field names whose values are never written (whole words of snake_case, camelCase or kebab-case names). */
const SECRET_NAME =
  /secret|token|passw(or)?d|pass_?phrase|api[_-]?key|authorization|cookie|credential|signature|private[_-]?key|jwt|bearer/i;
/** Whether a field (or path parameter) of this name holds a secret. */
export const isSecretName = (name: string) => SECRET_NAME.test(name);
const PHONE_NAME = /phone|msisdn|mobile[_-]?(money[_-]?)?number/i;

/** Secrets recognisable by their shape anywhere inside a string value. */
const SECRET_PATTERNS: [RegExp, (match: string) => string][] = [
  // API keys (lib/access/api-key-format.ts): keep the mode and 4 characters, as `key_prefix` does.
  [/\bsk_(test|live)_[0-9A-Za-z]{5,}/g, (m) => `${m.slice(0, 12)}…${MASK}`],
  [/\bak_[0-9A-Za-z]{20,}/g, (m) => `${m.slice(0, 7)}…${MASK}`],
  // Webhook signing secrets (lib/notifications/webhooks/manage.ts).
  [/\bwhsec_[0-9A-Za-z+/_-]{5,}={0,2}/g, () => `whsec_${MASK}`],
  // Embed session tokens (lib/checkout/embed/token.ts): public by design, yet no reason to collect them.
  [/\bpk_embed_[0-9A-Za-z_-]{5,}/g, () => `pk_embed_${MASK}`],
  // JWTs (checkout tokens): a base64url JSON header.
  [/\beyJ[0-9A-Za-z_-]{5,}(\.[0-9A-Za-z_-]*){0,2}/g, () => `jwt:${MASK}`],
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, (m) => `${m.split(/\s/)[0]} ${MASK}`],
  // Passwords inside URLs: postgres://user:password@host.
  [
    /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi,
    (m) => `${m.slice(0, m.indexOf(':', m.indexOf('://') + 3) + 1)}${MASK}@`,
  ],
];

/**
 * A phone number: + and 9 to 15 digits (spaces or dashes allowed between them), or 9 to 15 bare digits;
 * not part of a longer word, number, identifier or timestamp.
 */
const PHONE_PATTERN = /(?<![\w.:/+-])(?:\+\d(?:[ -]?\d){8,14}|\d{9,15})(?![\w:/-]|\.\d)/g;
const lastFour = (phone: string) => `…${phone.replace(/\D/g, '').slice(-4)}`;

/** Exact values of this process's own secrets (the admin token, checkout token keys, database password). */
function knownSecrets(): string[] {
  const env = process.env;
  const found = [
    env.ADMIN_API_TOKEN,
    env.CHECKOUT_TOKEN_SECRET,
    ...(env.CHECKOUT_TOKEN_PREVIOUS_SECRETS ?? '').split(','),
  ];
  const dbPassword = env.DATABASE_URL ? URL.parse(env.DATABASE_URL)?.password : undefined;
  if (dbPassword) found.push(decodeURIComponent(dbPassword));
  return found.map((s) => s?.trim() ?? '').filter((s) => s.length >= 8);
}

function redactString(value: string, secrets: string[]): string {
  let out = value;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
  for (const [pattern, mask] of SECRET_PATTERNS) out = out.replace(pattern, mask);
  return out.replace(PHONE_PATTERN, lastFour);
}

function redactValue(value: unknown, secrets: string[], depth: number): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return MASK;
  if (value instanceof Date) return value;
  if (value instanceof Error) return redactValue({ error: value.message, stack: value.stack }, secrets, depth + 1);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined || item === '') out[key] = item;
    else if (PHONE_NAME.test(key))
      out[key] = typeof item === 'string' || typeof item === 'number' ? lastFour(String(item)) : MASK;
    else if (SECRET_NAME.test(key)) out[key] = MASK;
    else out[key] = redactValue(item, secrets, depth + 1);
  }
  return out;
}

/**
 * What a log line may contain of `fields`: values under secret-looking names masked, phone numbers
 * cut to their last 4 digits, API keys, webhook secrets, JWTs, bearer tokens, URL passwords and this
 * process's own secrets masked wherever they appear in a string.
 */
export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(fields, knownSecrets(), 0) as Record<string, unknown>;
}

let file: { path: string; fd: number } | undefined;

function appendToFile(path: string, line: string): void {
  try {
    if (file?.path !== path) {
      if (file) fs.closeSync(file.fd);
      file = { path, fd: fs.openSync(path, 'a') };
    }
    fs.writeSync(file.fd, line);
  } catch (error) {
    file = undefined;
    process.stderr.write(
      `${JSON.stringify({ level: 'error', time: new Date().toISOString(), msg: 'LOG_FILE not writable', error: String(error) })}\n`,
    );
  }
}

function write(level: Level, msg: string, fields: Record<string, unknown>): void {
  const toStdout = ORDER[level] >= levelOf(process.env.LOG_LEVEL, ORDER.info);
  const path = process.env.LOG_FILE;
  const toFile =
    !!path && ORDER[level] >= levelOf(process.env.LOG_FILE_LEVEL, levelOf(process.env.LOG_LEVEL, ORDER.info));
  if (!toStdout && !toFile) return;
  const safe = redact({ msg, ...fields });
  const line = `${JSON.stringify({ level, time: new Date().toISOString(), ...safe })}\n`;
  if (toStdout) (level === 'error' ? process.stderr : process.stdout).write(line);
  if (toFile) appendToFile(path, line);
}

export const log = {
  debug: (msg: string, fields: Record<string, unknown> = {}) => write('debug', msg, fields),
  info: (msg: string, fields: Record<string, unknown> = {}) => write('info', msg, fields),
  warn: (msg: string, fields: Record<string, unknown> = {}) => write('warn', msg, fields),
  error: (msg: string, fields: Record<string, unknown> = {}) => write('error', msg, fields),
};

/** PostgreSQL's own account of a failed statement (postgres.js error fields), as log field names. */
const DATABASE_FIELDS = {
  code: 'db_code',
  severity: 'db_severity',
  schema_name: 'db_schema',
  table_name: 'db_table',
  column_name: 'db_column',
  constraint_name: 'db_constraint',
  data_type: 'db_data_type',
  routine: 'db_routine',
} as const;
const MAX_QUERY_LENGTH = 1000;

const isQueryWrapper = (e: Error): e is Error & { query: string } =>
  typeof (e as { query?: unknown }).query === 'string' && 'params' in e;
const isDatabaseError = (e: Error) =>
  e.name === 'PostgresError' || typeof (e as { severity?: unknown }).severity === 'string';

/**
 * An error as log fields: its message and its causes' (drizzle wraps the driver's error as `cause`),
 * PostgreSQL's code, table, column and constraint when given, the SQL text of a failed query, and the
 * stack. Never a query's parameters (drizzle's message and stack repeat them: both are rebuilt here)
 * nor PostgreSQL's `detail` (it quotes row values).
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const messages: string[] = [];
  const out: Record<string, unknown> = {};
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++, current = current.cause) {
    if (isQueryWrapper(current)) {
      messages.push('database query failed');
      out.query ??= current.query.slice(0, MAX_QUERY_LENGTH);
      continue;
    }
    messages.push(current.message);
    if (isDatabaseError(current)) {
      for (const [field, name] of Object.entries(DATABASE_FIELDS)) {
        const value = (current as unknown as Record<string, unknown>)[field];
        if (typeof value === 'string' && value) out[name] ??= value;
      }
    }
  }
  if (current !== undefined && !(current instanceof Error)) messages.push(String(current));
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { error: messages.join(': '), ...out, stack: [`${error.name}: ${messages[0]}`, ...frames].join('\n') };
}
