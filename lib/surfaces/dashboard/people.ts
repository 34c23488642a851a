import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { auth } from '../../access/people/auth';
import { countHit } from '../../access/rate-limit/limit';
import { resolveClientAddress } from '../../access/rate-limit/client-address';
import { config } from '../../platform/config';
import { getDb } from '../../platform/db/client';
import { authMembers, merchants } from '../../platform/db/schema';
import { type MemberRole } from '../../platform/vocabulary';
import { peerAddressOf } from '../../platform/http/peer-address';
import { isStorableText } from '../../platform/http/storable-text';
import { createOwnMerchant } from '../../operator/merchants/create-merchant';
import { localPath } from '../../platform/http/local-path';
import { displayName } from '../../platform/http/display-name';
import { isPeopleLocale, type PeopleLocale } from '../../platform/i18n/locale';
import { CLIENT_ADDRESS_HEADER } from '../../access/people/guards';
import { beginEnrolment, withCookies, type Enrolment } from './enrolment';

/**
 * What the sign-up, sign-in and two-factor forms do, for the server actions of app/(people). Each
 * answers an outcome the page shows (a problem's code, and the field it is about), never throws for
 * what a person typed. better-auth does the work; its hooks (lib/access/people/guards.ts) count
 * password and code attempts per address and per account, whichever way they come in.
 */
export type Problem =
  | 'invalid_input'
  | 'weak_password'
  | 'email_taken'
  | 'wrong_credentials'
  | 'wrong_code'
  | 'too_many_attempts'
  | 'session_expired'
  | 'invalid_token'
  | 'invitation_unavailable'
  | 'wrong_email'
  | 'email_unverified'
  | 'already_member';
export type Outcome<T = object> =
  | ({ ok: true } & T)
  /** `values`: what was typed, passwords and codes left out, to fill the form again. */
  | { ok: false; problem: Problem; field?: string; values?: Record<string, string> };

/** Text PostgreSQL can store (no NUL, no lone surrogate): the API's rule, for forms too. */
const text = () => z.string().refine(isStorableText);
const email = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase());
const password = text().min(12).max(256);
/** A code from the authenticator app (6 digits), or one of the backup codes (`abcde-12345`). */
const TOTP = /^\d{6}$/;
const BACKUP_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;
const code = z
  .string()
  .transform((c) => c.replace(/\s+/g, ''))
  .refine((c) => TOTP.test(c) || BACKUP_CODE.test(c));

const signUpForm = z.strictObject({
  name: displayName(),
  business: displayName().optional(),
  email,
  password,
  next: z.string().max(512).optional(),
});

/** An invitation's own page: where sign-in and sign-up go back to from an invitation link. */
export const INVITATION_PATH = /^\/invitations\/accept\?token=[A-Za-z0-9_-]{43}$/;

/** Where to go after signing in: a path of this site, checked after normalisation (lib/platform/http/local-path.ts). */
export const safeNext = localPath;

const failed = (problem: Problem, field?: string): Outcome<never> => ({
  ok: false,
  problem,
  ...(field ? { field } : {}),
});

function invalid(error: z.ZodError): Outcome<never> {
  return failed('invalid_input', String(error.issues[0]?.path[0] ?? ''));
}

/** The client address as the API resolves it (lib/access/rate-limit/client-address.ts). */
export function addressOf(headers: Headers): string {
  return resolveClientAddress(
    { peer: peerAddressOf(headers), forwardedFor: headers.get('x-forwarded-for'), realIp: headers.get('x-real-ip') },
    config().TRUSTED_PROXIES,
  );
}

/**
 * The request's headers as better-auth must see them in-process: the client's address as this
 * service resolves it replaces whatever a client sent under that header (which the sessions list and
 * the per-address limits read).
 */
export function authHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, addressOf(headers));
  return copy;
}

/** 10 tries a minute from one address; 10 in 15 minutes on one account, whichever address they come from. */
export async function overLimit(kind: string, headers: Headers, account?: string): Promise<boolean> {
  const db = getDb();
  const byAddress = await countHit(db, `${kind}:address:${addressOf(headers)}`, 60);
  if (byAddress.hits > 10) return true;
  if (!account) return false;
  const byAccount = await countHit(db, `${kind}:account:${account}`, 900);
  return byAccount.hits > 10;
}

/** A 429 from better-auth's hooks or its own limiter: the person waits. */
const limited = (error: unknown) => isAPIError(error) && error.statusCode === 429;

/**
 * A new account. With a business of its own (they are its owner, so they need two-factor), the
 * authenticator is set up right away with the password just typed: the answer carries the key, its
 * QR code and the backup codes, and the page asks for the first code. From an invitation (`next` is
 * its page) the form asks for no business: they join the inviter's once they have confirmed their
 * email. Either way the confirmation mail leads back into the dashboard (or to the invitation).
 */
export async function signUp(
  form: Record<string, unknown>,
  headers: Headers,
): Promise<Outcome<{ next: string; enrolment: Enrolment | null }>> {
  const parsed = signUpForm.safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  const next = safeNext(parsed.data.next);
  const invited = !!next && INVITATION_PATH.test(next);
  if (!invited && !parsed.data.business) return failed('invalid_input', 'business');
  const { name, business, email: address, password: secret } = parsed.data;
  if (await overLimit('sign-up', headers)) return failed('too_many_attempts');
  try {
    const made = await auth().api.signUpEmail({
      body: { name, email: address, password: secret, callbackURL: next ?? '/dashboard' },
      headers: authHeaders(headers),
      returnHeaders: true,
    });
    const afterConfirming = `/verify-email${next ? `?next=${encodeURIComponent(next)}` : ''}`;
    if (!business) return { ok: true, next: afterConfirming, enrolment: null };
    await createOwnMerchant(getDb(), { userId: made.response.user.id, name: business, email: address });
    const signedIn = withCookies(authHeaders(headers), made.headers);
    return { ok: true, next: afterConfirming, enrolment: await beginEnrolment(signedIn, secret) };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      return failed('email_taken', 'email');
    }
    if (isAPIError(error) && error.body?.code === 'WEAK_PASSWORD') return failed('weak_password', 'password');
    if (limited(error)) return failed('too_many_attempts');
    throw error;
  }
}

/** `next`: /two-factor when the password was right and a code is needed, else where the form came from. */
export async function signIn(form: Record<string, unknown>, headers: Headers): Promise<Outcome<{ next: string }>> {
  const parsed = z
    .strictObject({ email, password: text().min(1).max(256), next: z.string().max(512).optional() })
    .safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  const { next, ...body } = parsed.data;
  try {
    const answer = await auth().api.signInEmail({ body, headers: authHeaders(headers) });
    const twoFactor = 'twoFactorRedirect' in answer && answer.twoFactorRedirect;
    const after = safeNext(next);
    // With two-factor, where to go after the code rides along to the code page.
    if (twoFactor) return { ok: true, next: after ? `/two-factor?next=${encodeURIComponent(after)}` : '/two-factor' };
    return { ok: true, next: after ?? '/dashboard' };
  } catch (error) {
    if (limited(error)) return failed('too_many_attempts');
    if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) return failed('wrong_credentials');
    throw error;
  }
}

/**
 * The second step of a sign-in, the first code of an enrolment, or a step-up: a code from the
 * authenticator, or one of the backup codes (each works once), for someone who lost their phone.
 */
export async function verifyCode(form: Record<string, unknown>, headers: Headers): Promise<Outcome<{ next: string }>> {
  const parsed = z.strictObject({ code, next: z.string().max(512).optional() }).safeParse(form);
  if (!parsed.success) return failed('wrong_code', 'code');
  try {
    await checkCode(parsed.data.code, authHeaders(headers));
    return { ok: true, next: safeNext(parsed.data.next) ?? '/dashboard' };
  } catch (error) {
    if (limited(error)) return failed('too_many_attempts');
    if (isAPIError(error) && error.statusCode === 401) return failed('wrong_code', 'code');
    if (isAPIError(error) && error.statusCode === 400) return failed('session_expired');
    throw error;
  }
}

/** A code checked by better-auth: a TOTP code, else a backup code (spent once checked). */
export function checkCode(given: string, headers: Headers) {
  return TOTP.test(given)
    ? auth().api.verifyTOTP({ body: { code: given }, headers })
    : auth().api.verifyBackupCode({ body: { code: given }, headers });
}

/** Enrolment from the Security page or the two-factor page: the password again, then the key. */
export async function startEnrolment(form: Record<string, unknown>, headers: Headers): Promise<Outcome<Enrolment>> {
  const parsed = z.strictObject({ password: text().min(1).max(256) }).safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  try {
    return { ok: true, ...(await beginEnrolment(authHeaders(headers), parsed.data.password)) };
  } catch (error) {
    if (limited(error)) return failed('too_many_attempts');
    if (isAPIError(error) && (error.statusCode === 400 || error.statusCode === 401)) {
      return failed('wrong_credentials', 'password');
    }
    throw error;
  }
}

const chosenOf = (user: object): PeopleLocale | null => {
  const locale = (user as { locale?: unknown }).locale;
  return isPeopleLocale(locale) ? locale : null;
};

/** The language the signed-in person chose (auth_users.locale); null when nobody is signed in or they never chose. */
export async function chosenLocale(headers: Headers): Promise<PeopleLocale | null> {
  const found = await auth().api.getSession({ headers });
  return found ? chosenOf(found.user) : null;
}

/** Who is signed in, and the merchants they belong to (with their role); null when nobody is. */
export async function currentPerson(headers: Headers) {
  const found = await auth().api.getSession({ headers });
  if (!found) return null;
  const memberships = await getDb()
    .select({ merchantId: merchants.id, name: merchants.name, role: authMembers.role })
    .from(authMembers)
    .innerJoin(merchants, eq(merchants.id, authMembers.organizationId))
    .where(eq(authMembers.userId, found.user.id))
    .orderBy(merchants.name);
  return {
    user: {
      id: found.user.id,
      name: found.user.name,
      email: found.user.email,
      /** Proved by the confirmation link (or a password reset): nothing beyond sign-up opens before. */
      emailVerified: found.user.emailVerified === true,
      twoFactor: !!found.user.twoFactorEnabled,
      /** The company running the service (the console); two-factor is required of them too. */
      operator: (found.user as { operator?: boolean }).operator === true,
      /** The language they chose for the dashboard and the console; null until they choose. */
      locale: chosenOf(found.user),
    },
    session: {
      id: found.session.id,
      activeMerchantId: found.session.activeOrganizationId ?? null,
      /** When a second factor was last given in this session for a sensitive action (step-up). */
      stepUpAt: (found.session as { stepUpAt?: Date | null }).stepUpAt ?? null,
    },
    memberships: memberships as { merchantId: string; name: string; role: MemberRole }[],
  };
}
export type Person = NonNullable<Awaited<ReturnType<typeof currentPerson>>>;

export async function signOut(headers: Headers): Promise<void> {
  await auth().api.signOut({ headers: authHeaders(headers) });
}

/** Another confirmation mail for the signed-in person, back to `next` (a path of this site) once confirmed. */
export async function resendConfirmation(form: Record<string, unknown>, headers: Headers): Promise<Outcome> {
  const person = await currentPerson(headers);
  if (!person) return failed('session_expired');
  if (person.user.emailVerified) return { ok: true };
  const next = safeNext(form.next) ?? '/dashboard';
  try {
    await auth().api.sendVerificationEmail({
      body: { email: person.user.email, callbackURL: next },
      headers: authHeaders(headers),
    });
    return { ok: true };
  } catch (error) {
    if (limited(error)) return failed('too_many_attempts');
    throw error;
  }
}

/** The business the dashboard acts for: only one the person belongs to (better-auth checks the membership). */
export async function switchMerchant(form: Record<string, unknown>, headers: Headers): Promise<Outcome> {
  const parsed = z.strictObject({ merchant_id: z.uuid() }).safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  try {
    await auth().api.setActiveOrganization({
      body: { organizationId: parsed.data.merchant_id },
      headers: authHeaders(headers),
    });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error) && error.statusCode >= 400 && error.statusCode < 500)
      return failed('invalid_input', 'merchant_id');
    throw error;
  }
}
