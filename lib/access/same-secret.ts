import crypto from 'node:crypto';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * Whether a secret a caller sent equals the configured one, in time that tells nothing: both are hashed
 * first, so the comparison is of equal lengths whatever was sent.
 */
export function sameSecret(given: string, expected: string): boolean {
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
