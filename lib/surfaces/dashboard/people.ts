import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { auth } from '../../access/people/auth';
import { countHit } from '../../access/rate-limit/limit';
import { resolveClientAddress } from '../../access/rate-limit/client-address';
import { config } from '../../platform/config';
import { getDb } from '../../platform/db/client';
import { authMembers, merchants, type MemberRole } from '../../platform/db/schema';
import { peerAddressOf } from '../../platform/http/peer-address';
import { isStorableText } from '../../platform/http/storable-text';
import { createOwnMerchant } from '../../operator/merchants/create-merchant';

/**
 * What the sign-up, sign-in and two-factor forms do, for the server actions of app/(people). Each
 * answers an outcome the page shows (a problem's code, and the field it is about), never throws for
 * what a person typed. better-auth does the work; on top of its per-address limits (which only its
 * HTTP endpoints apply) these count per address *and* per account, in PostgreSQL.
 */
export type Problem =
  | 'invalid_input'
  | 'email_taken'
  | 'wrong_credentials'
  | 'wrong_code'
  | 'too_many_attempts'
  | 'session_expired'
  | 'invalid_token'
  | 'invitation_unavailable'
  | 'wrong_email'
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
const code = z.string().regex(/^\d{6}$/);

const signUpForm = z.strictObject({
  name: text().trim().min(1).max(100),
  business: text().trim().min(1).max(100).optional(),
  email,
  password,
  next: z.string().max(512).optional(),
});

/** An invitation's own page: where sign-in and sign-up go back to from an invitation link. */
export const INVITATION_PATH = /^\/invitations\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where to go after signing in: a path of this site (`/…`, never `//host` nor `/\host`, which
 * browsers take for another site), else nothing.
 */
export function safeNext(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512 || !/^\/(?![/\\])/.test(value)) return null;
  if (/[\s\\]/.test(value) || !isStorableText(value)) return null;
  const base = 'http://same.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

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

/** 10 tries a minute from one address; 10 in 15 minutes on one account, whichever address they come from. */
export async function overLimit(kind: string, headers: Headers, account?: string): Promise<boolean> {
  const db = getDb();
  const byAddress = await countHit(db, `${kind}:address:${addressOf(headers)}`, 60);
  if (byAddress.hits > 10) return true;
  if (!account) return false;
  const byAccount = await countHit(db, `${kind}:account:${account}`, 900);
  return byAccount.hits > 10;
}

/**
 * A new account and a business of its own with them as owner. From an invitation (`next` is the
 * invitation's page) the form asks for no business: they join the inviter's instead.
 */
export async function signUp(form: Record<string, unknown>, headers: Headers): Promise<Outcome<{ next: string }>> {
  const parsed = signUpForm.safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  const next = safeNext(parsed.data.next);
  const invited = !!next && INVITATION_PATH.test(next);
  if (!invited && !parsed.data.business) return failed('invalid_input', 'business');
  if (await overLimit('sign-up', headers)) return failed('too_many_attempts');
  const { name, business, email: address, password: secret } = parsed.data;
  try {
    const { user } = await auth().api.signUpEmail({ body: { name, email: address, password: secret }, headers });
    if (business) await createOwnMerchant(getDb(), { userId: user.id, name: business, email: address });
    return { ok: true, next: next ?? '/dashboard' };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      return failed('email_taken', 'email');
    }
    throw error;
  }
}

/** `next`: /two-factor when the password was right and a code is needed, else where the form came from. */
export async function signIn(form: Record<string, unknown>, headers: Headers): Promise<Outcome<{ next: string }>> {
  const parsed = z
    .strictObject({ email, password: text().min(1).max(256), next: z.string().max(512).optional() })
    .safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  if (await overLimit('sign-in', headers, parsed.data.email)) return failed('too_many_attempts');
  const { next, ...body } = parsed.data;
  try {
    const answer = await auth().api.signInEmail({ body, headers });
    const twoFactor = 'twoFactorRedirect' in answer && answer.twoFactorRedirect;
    const after = safeNext(next);
    // With two-factor, where to go after the code rides along to the code page.
    if (twoFactor) return { ok: true, next: after ? `/two-factor?next=${encodeURIComponent(after)}` : '/two-factor' };
    return { ok: true, next: after ?? '/dashboard' };
  } catch (error) {
    if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) return failed('wrong_credentials');
    throw error;
  }
}

/** The second step of a sign-in, or a step-up: a code from the authenticator. */
export async function verifyCode(form: Record<string, unknown>, headers: Headers): Promise<Outcome<{ next: string }>> {
  const parsed = z.strictObject({ code, next: z.string().max(512).optional() }).safeParse(form);
  if (!parsed.success) return failed('wrong_code', 'code');
  if (await overLimit('two-factor', headers)) return failed('too_many_attempts');
  try {
    await auth().api.verifyTOTP({ body: { code: parsed.data.code }, headers });
    return { ok: true, next: safeNext(parsed.data.next) ?? '/dashboard' };
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 401) return failed('wrong_code', 'code');
    if (isAPIError(error) && error.statusCode === 400) return failed('session_expired');
    throw error;
  }
}

/** Enrolment, first step: the secret to scan (as an otpauth URI) and the backup codes. */
export async function startEnrolment(
  form: Record<string, unknown>,
  headers: Headers,
): Promise<Outcome<{ totpURI: string; backupCodes: string[] }>> {
  const parsed = z.strictObject({ password: text().min(1).max(256) }).safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  try {
    const answer = await auth().api.enableTwoFactor({ body: parsed.data, headers });
    if (answer.method !== 'totp') throw new Error('two-factor is configured for TOTP only');
    return { ok: true, totpURI: answer.totpURI, backupCodes: answer.backupCodes };
  } catch (error) {
    if (isAPIError(error) && (error.statusCode === 400 || error.statusCode === 401)) {
      return failed('wrong_credentials', 'password');
    }
    throw error;
  }
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
      twoFactor: !!found.user.twoFactorEnabled,
      /** The company running the service (the console); two-factor is required of them too. */
      operator: (found.user as { operator?: boolean }).operator === true,
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
  await auth().api.signOut({ headers });
}

/** The business the dashboard acts for: only one the person belongs to (better-auth checks the membership). */
export async function switchMerchant(form: Record<string, unknown>, headers: Headers): Promise<Outcome> {
  const parsed = z.strictObject({ merchant_id: z.uuid() }).safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  try {
    await auth().api.setActiveOrganization({ body: { organizationId: parsed.data.merchant_id }, headers });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error) && error.statusCode >= 400 && error.statusCode < 500)
      return failed('invalid_input', 'merchant_id');
    throw error;
  }
}
