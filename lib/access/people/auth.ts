import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { displayNameProblem } from '../../platform/http/display-name';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { nextCookies } from 'better-auth/next-js';
import { organization, twoFactor } from 'better-auth/plugins';
import { passkey } from '@better-auth/passkey';
import { config } from '../../platform/config';
import { getDb } from '../../platform/db/client';
import { connectionFailure, failureFields } from '../../platform/db/unavailable';
import { log } from '../../platform/log';
import {
  authAccounts,
  authInvitations,
  authMembers,
  authOrganizations,
  authPasskeys,
  authRateLimits,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
} from '../../platform/db/schema';
import { queueMail } from '../../platform/mail/outbox';
import { accessControl, teamRoles } from './roles';
import { resetPasswordMail, verifyEmailMail } from './mails';
import { PASSKEY_RATE_LIMITS, passkeyHttpPathsClosed, passkeyOptions, relyingParty } from './passkeys-options';
import { afterAuth, beforeAuth, CLIENT_ADDRESS_HEADER } from './guards';
import { afterPasswordReset, confirmationUrl, resetUrl } from './links';

/** Where better-auth reads the client's address: set by handleAuthRequest (http.ts) and authHeaders, never by the client. */
export { CLIENT_ADDRESS_HEADER };

/** better-auth's models and the tables that hold them (lib/platform/db/schema/auth.ts). */
export const AUTH_TABLES = {
  user: authUsers,
  session: authSessions,
  account: authAccounts,
  verification: authVerifications,
  twoFactor: authTwoFactors,
  passkey: authPasskeys,
  organization: authOrganizations,
  member: authMembers,
  invitation: authInvitations,
  rateLimit: authRateLimits,
};

/**
 * Sign-in for people (the dashboard and the console), by better-auth: email and password, TOTP
 * two-factor, passkeys (optional, where the public URL is a domain name), teams as organizations (an
 * organization is a merchant: the same id), sessions in PostgreSQL, a sign-in rate limit shared by
 * every instance. Built on first use, as the database is.
 */
function build() {
  const c = config();
  const rp = relyingParty(c.API_BASE_URL);
  return betterAuth({
    appName: c.SERVICE_NAME,
    baseURL: c.API_BASE_URL,
    secret: c.AUTH_SECRET,
    trustedOrigins: [...new Set([c.API_BASE_URL, c.CHECKOUT_BASE_URL])],
    telemetry: { enabled: false },
    logger: { log: authLog },
    database: drizzleAdapter(getDb(), { provider: 'pg', schema: AUTH_TABLES }),
    // The team is changed only by the dashboard's audited actions (lib/surfaces/dashboard/team), in
    // the transaction of their audit line; the library's own team endpoints stay callable in-process
    // (the business switcher) but answer 404 over HTTP. So do the passkey changes (passkeys-options.ts).
    disabledPaths: [...ORGANIZATION_HTTP_PATHS, ...passkeyHttpPathsClosed(rp)],
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'mp',
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // Origin checks (CSRF) stay on in every environment, tests included.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    user: {
      additionalFields: {
        operator: { type: 'boolean', input: false, defaultValue: false },
        // Chosen in the dashboard's header (an audited action), never through the library's endpoints.
        locale: { type: 'string', input: false, required: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      additionalFields: { stepUpAt: { type: 'date', input: false, required: false } },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      revokeSessionsOnPasswordReset: true,
      // Links are built here from the configured base URL and the token only: never a URL a request chose.
      sendResetPassword: async ({ user, token }) => {
        await queueMail(getDb(), resetPasswordMail(user.email, resetUrl(c.API_BASE_URL, token)));
      },
      onPasswordReset: async ({ user }) => afterPasswordReset(getDb(), user.id),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Confirming an address proves it, and signs nobody in: a mailed link is not a second factor.
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url, token }) => {
        await queueMail(getDb(), verifyEmailMail(user.email, confirmationUrl(c.API_BASE_URL, token, url)));
      },
    },
    databaseHooks: { user: { create: { before: checkUserName }, update: { before: checkUserName } } },
    hooks: { before: beforeAuth, after: afterAuth },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 300, max: 3 },
        '/two-factor/*': { window: 60, max: 5 },
        '/send-verification-email': { window: 300, max: 3 },
        ...PASSKEY_RATE_LIMITS,
      },
    },
    plugins: [
      twoFactor({ issuer: c.SERVICE_NAME }),
      passkey(passkeyOptions(rp, c.SERVICE_NAME)),
      organization({
        ac: accessControl,
        roles: teamRoles,
        creatorRole: 'owner',
        // A merchant is made by onboarding (lib/operator/merchants), never by the library; its
        // invitations (by row id) are never sent: ours carry a secret (lib/surfaces/dashboard/team).
        allowUserToCreateOrganization: false,
      }),
      nextCookies(),
    ],
  });
}

/** A person's name, whichever way it comes in (sign-up, the library's update-user): bounded, no direction tricks. */
async function checkUserName(user: { name?: unknown }) {
  if (user.name === undefined) return;
  const problem = displayNameProblem(user.name);
  if (problem) throw new APIError('BAD_REQUEST', { message: `name ${problem}`, code: 'INVALID_NAME' });
}

/**
 * better-auth's own log lines, written by the service's log (JSON, redacted). Its default prints a
 * failed query with its parameters (a session token, for one) to stderr. A database connection
 * failure is only a debug line here: the request it failed says so itself, once (503
 * `database_unavailable`, lib/platform/http/database-unavailable.ts).
 */
function authLog(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]): void {
  const error = args.find((arg) => arg instanceof Error);
  // A query's message ends with its parameters ("Failed query: … params: …"): never written.
  const text = `auth: ${message.split('\nparams:')[0]}`;
  const fields = error ? failureFields(error) : {};
  if (level === 'debug' || level === 'info' || connectionFailure(error)) log.debug(text, fields);
  else log[level](text, fields);
}

/** Every endpoint of the organization plugin (better-auth 1.7): none is offered over HTTP. */
export const ORGANIZATION_HTTP_PATHS = [
  'accept-invitation',
  'add-team-member',
  'cancel-invitation',
  'check-slug',
  'create',
  'create-role',
  'create-team',
  'delete',
  'delete-role',
  'get-active-member',
  'get-active-member-role',
  'get-full-organization',
  'get-invitation',
  'get-organization',
  'get-role',
  'has-permission',
  'invite-member',
  'leave',
  'list',
  'list-invitations',
  'list-members',
  'list-roles',
  'list-team-members',
  'list-teams',
  'list-user-invitations',
  'list-user-teams',
  'reject-invitation',
  'remove-member',
  'remove-team',
  'remove-team-member',
  'set-active',
  'set-active-team',
  'update',
  'update-member-role',
  'update-role',
  'update-team',
].map((name) => `/organization/${name}`);

let instance: { key: string; auth: ReturnType<typeof build> } | undefined;

export function auth() {
  const c = config();
  const key = `${c.API_BASE_URL}|${c.AUTH_SECRET}`;
  if (instance?.key !== key) instance = { key, auth: build() };
  return instance.auth;
}
