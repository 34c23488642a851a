import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { config } from '../../platform/config';
import { getDb } from '../../platform/db/client';
import { countHit } from '../rate-limit/limit';
import { displayNameProblem } from '../../platform/http/display-name';

/**
 * Limits better-auth applies to every way in, over HTTP and in-process alike (its hooks run for
 * both): password guesses and second-factor codes are counted per account as well as per address,
 * in PostgreSQL (every instance counts together). A browser that has signed in to an account before
 * (a signed `known_device` cookie) is held only to its own count, so someone else's failures from
 * elsewhere never lock the owner out; unknown browsers share the account's count.
 */
export const CLIENT_ADDRESS_HEADER = 'x-mp-client-address';

const QUARTER_HOUR = 900;
export const LIMITS = {
  /** Any sign-in attempt from one address, whichever account (SIGN_IN_IP_LIMIT_PER_MINUTE, default 10). */
  get perAddress() {
    return { hits: config().SIGN_IN_IP_LIMIT_PER_MINUTE, seconds: 60 };
  },
  /** Password guesses on one account from one address. */
  perAccountAndAddress: { hits: 5, seconds: QUARTER_HOUR },
  /** Password guesses on one account from every browser that never signed in to it. */
  perAccountUnknownDevices: { hits: 10, seconds: QUARTER_HOUR },
  /** From a browser that signed in to the account before. */
  perKnownDevice: { hits: 10, seconds: QUARTER_HOUR },
  /** Second-factor codes (and the password check of enrolment) for one account, from anywhere. */
  codesPerAccount: { hits: 10, seconds: QUARTER_HOUR },
};

const KNOWN_DEVICE_COOKIE = 'known_device';
const KNOWN_DEVICE_DAYS = 180;

const PASSWORD_PATHS = new Set(['/sign-in/email']);
/** Every path that checks a second factor, or the password again for a two-factor change. */
const CODE_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]);
/** Where a session is made from proof: a browser that gets here has shown it knows the account. */
const SIGNED_IN_PATHS = new Set([
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/passkey/verify-authentication',
]);
const NAME_PATHS = new Set(['/sign-up/email', '/update-user']);
/** Where a new password is chosen, and the field it is in. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * A password of 12 characters or more (better-auth refuses shorter ones on every path) that is still
 * easy to guess: a handful of distinct characters, a run of the keyboard or the alphabet, the word
 * "password", or the person's own email or name in it.
 */
export function weakPassword(password: string, email = '', name = ''): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size < 5) return true;
  if (SEQUENCES.some((run) => lower.includes(run))) return true;
  const own = [email.split('@')[0] ?? '', ...name.toLowerCase().split(/\s+/)].filter((word) => word.length >= 4);
  return own.some((word) => lower.includes(word.toLowerCase()));
}
const SEQUENCES = ['password', '123456789', 'abcdefghi', 'qwertyuio', 'azertyuio', '987654321', 'letmein12'];

function checkNewPassword(ctx: HookCtx): void {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const given = body[NEW_PASSWORD_FIELDS[ctx.path]!];
  if (typeof given !== 'string') return;
  if (
    weakPassword(
      given,
      typeof body.email === 'string' ? body.email : '',
      typeof body.name === 'string' ? body.name : '',
    )
  )
    throw new APIError('BAD_REQUEST', { message: 'This password is too easy to guess', code: 'WEAK_PASSWORD' });
}

const tooMany = () =>
  new APIError('TOO_MANY_REQUESTS', { message: 'Too many attempts: wait a few minutes', code: 'TOO_MANY_ATTEMPTS' });

async function over(bucket: string, limit: { hits: number; seconds: number }): Promise<boolean> {
  return (await countHit(getDb(), bucket, limit.seconds)).hits > limit.hits;
}

type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const addressOf = (ctx: HookCtx) => ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

async function knownDeviceEmail(ctx: HookCtx): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  return typeof value === 'string' && value ? value : null;
}

/** The account a code is for: the signed-in person (step-up), or the one half-way through signing in. */
async function accountOfCode(ctx: HookCtx): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return pending?.value ?? null;
}

async function limitPasswords(ctx: HookCtx): Promise<void> {
  const address = addressOf(ctx);
  const email = lower((ctx.body as { email?: unknown } | undefined)?.email);
  if (await over(`sign-in:address:${address}`, LIMITS.perAddress)) throw tooMany();
  if (!email) return;
  if (await over(`sign-in:account-address:${email}:${address}`, LIMITS.perAccountAndAddress)) throw tooMany();
  const known = (await knownDeviceEmail(ctx)) === email;
  const bucket = known ? `sign-in:known:${email}:${address}` : `sign-in:account-unknown:${email}`;
  if (await over(bucket, known ? LIMITS.perKnownDevice : LIMITS.perAccountUnknownDevices)) throw tooMany();
}

async function limitCodes(ctx: HookCtx): Promise<void> {
  if (await over(`code:address:${addressOf(ctx)}`, LIMITS.perAddress)) throw tooMany();
  const account = await accountOfCode(ctx);
  if (account && (await over(`code:account:${account}`, LIMITS.codesPerAccount))) throw tooMany();
}

function checkName(ctx: HookCtx): void {
  const name = (ctx.body as { name?: unknown } | undefined)?.name;
  if (name === undefined && ctx.path === '/update-user') return;
  const problem = displayNameProblem(name);
  if (problem) throw new APIError('BAD_REQUEST', { message: `name ${problem}`, code: 'INVALID_NAME' });
}

export const beforeAuth = createAuthMiddleware(async (ctx) => {
  if (PASSWORD_PATHS.has(ctx.path)) await limitPasswords(ctx);
  else if (CODE_PATHS.has(ctx.path)) await limitCodes(ctx);
  if (NAME_PATHS.has(ctx.path)) checkName(ctx);
  if (ctx.path in NEW_PASSWORD_FIELDS) checkNewPassword(ctx);
});

/** After a sign-in that made a session, this browser is one the account knows. */
export const afterAuth = createAuthMiddleware(async (ctx) => {
  const made = ctx.context.newSession;
  if (!made || !SIGNED_IN_PATHS.has(ctx.path)) return;
  const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE, { maxAge: KNOWN_DEVICE_DAYS * 86_400 });
  await ctx.setSignedCookie(cookie.name, made.user.email.toLowerCase(), ctx.context.secret, cookie.attributes);
});
