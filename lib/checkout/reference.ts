import crypto from 'node:crypto';

// Crockford base32: no I, L, O, U, so a reference read aloud or typed from a bank app survives.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What a payment reference looks like (the hosted page's path, a transfer's reference). */
export const PAYMENT_REFERENCE = /^PAY-[0-9A-HJKMNP-TV-Z]{16}$/;

/** `PAY-` + 16 characters = 80 random bits: unique by the database, unguessable by anyone. */
export function newPaymentReference(): string {
  const bytes = crypto.randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return `PAY-${out}`;
}
