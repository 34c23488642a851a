import net from 'node:net';
import { APIError } from 'better-auth/api';
import type { passkey } from '@better-auth/passkey';

/**
 * Passkeys (WebAuthn), an optional second way for people to sign in, by @better-auth/passkey. A
 * passkey belongs to a domain name (the relying party), taken from the service's public URL
 * (API_BASE_URL): where that is an IP address, browsers refuse WebAuthn, so passkeys are not offered.
 */
export type RelyingParty =
  { available: true; id: string; origin: string } | { available: false; reason: 'ip_address'; host: string };

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host) !== 0) return { available: false, reason: 'ip_address', host };
  return { available: true, id: host, origin: url.origin };
}

/**
 * What is offered over HTTP: only signing in (its two steps, rate-limited like the password's).
 * Adding, listing, renaming and deleting passkeys are the Security page's actions, which ask for a
 * fresh second factor and write the audit line in the transaction of the change; the library's own
 * endpoints for them answer 404 over HTTP (they stay callable in-process).
 */
export const PASSKEY_SIGN_IN_PATHS = ['/passkey/generate-authenticate-options', '/passkey/verify-authentication'];
export const PASSKEY_ACCOUNT_PATHS = [
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/list-user-passkeys',
  '/passkey/delete-passkey',
  '/passkey/update-passkey',
];

export function passkeyHttpPathsClosed(rp: RelyingParty): string[] {
  return rp.available ? PASSKEY_ACCOUNT_PATHS : [...PASSKEY_ACCOUNT_PATHS, ...PASSKEY_SIGN_IN_PATHS];
}

export const PASSKEY_RATE_LIMITS = {
  '/passkey/generate-authenticate-options': { window: 60, max: 10 },
  '/passkey/verify-authentication': { window: 60, max: 5 },
};

/** Said when the authenticator did not check who holds it (no PIN, no fingerprint, no face). */
export const NOT_USER_VERIFIED = 'The passkey did not verify you (PIN or biometrics): it cannot be used here';

const notVerified = () => new APIError('UNAUTHORIZED', { message: NOT_USER_VERIFIED, code: 'USER_NOT_VERIFIED' });

/**
 * The plugin's options. A passkey sign-in stands for both factors, so the authenticator must verify
 * the person (PIN or biometrics), at registration and at every sign-in: the library asks only
 * "preferred" and does not check, so the hooks refuse an answer without the UV flag. Passkeys are
 * discoverable (resident), so the sign-in page needs no email first. The expected origin is the
 * public URL's, never the request's Origin header.
 */
export function passkeyOptions(rp: RelyingParty, rpName: string): Parameters<typeof passkey>[0] {
  return {
    rpID: rp.available ? rp.id : 'passkeys-unavailable.invalid',
    rpName,
    origin: rp.available ? rp.origin : 'https://passkeys-unavailable.invalid',
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    registration: {
      requireSession: true,
      afterVerification: async ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) throw notVerified();
      },
    },
    authentication: {
      afterVerification: async ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) throw notVerified();
      },
    },
  };
}
