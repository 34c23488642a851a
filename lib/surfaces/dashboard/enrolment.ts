import QRCode from 'qrcode';
import { auth } from '../../access/people/auth';

/**
 * Setting up the authenticator app (TOTP, by better-auth): the key as text, the same key as a QR code
 * drawn here (an SVG; no service on the network sees the secret), and the backup codes, shown once.
 * The account's first code then turns two-factor on (verifyCode).
 */
export interface Enrolment {
  totpURI: string;
  /** The QR code of `totpURI`, as SVG markup. */
  qrSvg: string;
  backupCodes: string[];
}

/** better-auth checks the password, keeps the new secret (not yet on), and answers its URI. */
export async function beginEnrolment(headers: Headers, password: string): Promise<Enrolment> {
  const answer = await auth().api.enableTwoFactor({ body: { password }, headers });
  if (answer.method !== 'totp') throw new Error('two-factor is configured for TOTP only');
  const qrSvg = await QRCode.toString(answer.totpURI, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { totpURI: answer.totpURI, qrSvg, backupCodes: answer.backupCodes };
}

/**
 * The request's headers plus the cookies a response just set (the session sign-up made), so the next
 * in-process call acts as the person just signed in.
 */
export function withCookies(headers: Headers, response: Headers): Headers {
  const jar = new Map<string, string>();
  for (const pair of (headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const line of response.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
  }
  const out = new Headers(headers);
  out.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
  return out;
}
