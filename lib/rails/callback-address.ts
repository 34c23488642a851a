import crypto from 'node:crypto';
import { config } from '../platform/config';

/**
 * MTN MoMo and M-Pesa sign nothing, so each attempt gets its own callback address that nobody can
 * guess: the attempt id and an HMAC of it (keyed from CHECKOUT_TOKEN_SECRET), in hex. The address
 * only says "ask the provider about this attempt"; what the callback body claims is never trusted.
 * Hex, and a path without "mpesa", because Daraja refuses callback URLs containing certain words.
 */
const CALLBACKS = '/api/rails/mobile-money/callbacks/';

const keyed = () => crypto.createHmac('sha256', config().CHECKOUT_TOKEN_SECRET).update('rail-callback').digest();
const macOf = (attemptId: string) => crypto.createHmac('sha256', keyed()).update(attemptId).digest('hex').slice(0, 40);

export const callbackUrl = (attemptId: string) =>
  `${config().API_BASE_URL}${CALLBACKS}${attemptId}.${macOf(attemptId)}`;

/** The attempt an address names, or null for anything we did not issue. */
export function attemptOfCallback(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([0-9a-f]{40})$/.exec(token);
  if (!match) return null;
  const [, attemptId, mac] = match;
  const expected = Buffer.from(macOf(attemptId!), 'hex');
  const given = Buffer.from(mac!, 'hex');
  return crypto.timingSafeEqual(expected, given) ? attemptId! : null;
}
