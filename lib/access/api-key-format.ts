import crypto from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API key format: `sk_<mode>_<43 base62 chars: 256 random bits><6 base62 chars: CRC-32 checksum>`.
 * The prefix says what it is (and whether it is a sandbox key) to humans and secret scanners; the
 * checksum lets a typo or a truncated key be refused before any database read.
 */
export type KeyMode = 'test' | 'live';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 43; // ceil(256 / log2(62))
const CHECKSUM_LENGTH = 6; // ceil(32 / log2(62))
const KEY_PATTERN = new RegExp(`^sk_(test|live)_([0-9A-Za-z]{${BODY_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);
/** How much of the key listings show (`key_prefix`): the mode plus 4 characters of randomness. */
const DISPLAY_PREFIX_LENGTH = 'sk_test_'.length + 4;

function base62(value: bigint, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0n) {
    out = BASE62[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out.padStart(width, '0');
}

const checksum = (text: string) => base62(BigInt(crc32(text)), CHECKSUM_LENGTH);

export interface GeneratedApiKey {
  secret: string;
  hash: string;
  prefix: string;
}

export function generateApiKey(mode: KeyMode): GeneratedApiKey {
  const random = BigInt(`0x${crypto.randomBytes(32).toString('hex')}`);
  const head = `sk_${mode}_${base62(random, BODY_LENGTH)}`;
  const secret = head + checksum(head);
  return { secret, hash: hashApiKey(secret), prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/** Shape and checksum only: no database involved. */
export function isWellFormedApiKey(candidate: string): boolean {
  const match = KEY_PATTERN.exec(candidate);
  if (!match) return false;
  const head = candidate.slice(0, candidate.length - CHECKSUM_LENGTH);
  return checksum(head) === match[3];
}

export const hashApiKey = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');
