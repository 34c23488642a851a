import crypto from 'node:crypto';
import { config } from '../platform/config';

/**
 * MTN MoMo and M-Pesa sign nothing, so each attempt (and each payout) gets its own callback address that nobody can
 * guess: the attempt id and an HMAC of it (keyed from CHECKOUT_TOKEN_SECRET), in hex. The address
 * only says "ask the provider about this attempt"; what the callback body claims is never trusted.
 * Hex, and a path without "mpesa", because Daraja refuses callback URLs containing certain words.
 */
type Kind = 'attempt' | 'payout' | 'payout_status';
const PATHS: Record<Kind, string> = {
  attempt: '/api/rails/mobile-money/callbacks/',
  payout: '/api/rails/payouts/callbacks/',
  payout_status: '/api/rails/payouts/statuses/',
};

const keyed = (kind: Kind) =>
  crypto.createHmac('sha256', config().CHECKOUT_TOKEN_SECRET).update(`rail-callback:${kind}`).digest();
const macOf = (kind: Kind, id: string) =>
  crypto.createHmac('sha256', keyed(kind)).update(id).digest('hex').slice(0, 40);
const urlOf = (kind: Kind, id: string) => `${config().API_BASE_URL}${PATHS[kind]}${id}.${macOf(kind, id)}`;

/** Where the provider calls back about one mobile-money attempt. */
export const callbackUrl = (attemptId: string) => urlOf('attempt', attemptId);
/** Where the provider calls back about one withdrawal or payout. */
export const payoutCallbackUrl = (transactionId: string) => urlOf('payout', transactionId);
/** Where M-Pesa posts the answer to a status query about one payout (its Transaction Status API answers by callback). */
export const payoutStatusUrl = (transactionId: string) => urlOf('payout_status', transactionId);

function idOf(kind: Kind, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([0-9a-f]{40})$/.exec(token);
  if (!match) return null;
  const [, id, mac] = match;
  return crypto.timingSafeEqual(Buffer.from(macOf(kind, id!), 'hex'), Buffer.from(mac!, 'hex')) ? id! : null;
}

/** The attempt an address names, or null for anything we did not issue. */
export const attemptOfCallback = (token: string) => idOf('attempt', token);
/** The payout an address names, or null. */
export const payoutOfCallback = (token: string) => idOf('payout', token);
/** The payout a status-answer address names, or null. */
export const payoutOfStatusAddress = (token: string) => idOf('payout_status', token);
