import crypto from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API key format: `sk_<mode>_<43 base62 chars: 256 random bits><6 base62 chars: CRC-32 checksum>`;
 * an operator's admin key is `ak_<the same>`. The prefix says what it is (and whether it is a sandbox
 * key) to humans and secret scanners; the checksum lets a typo or a truncated key be refused before
 * any database read.
 */
export type KeyMode = 'test' | 'live';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 43; // ceil(256 / log2(62))
const CHECKSUM_LENGTH = 6; // ceil(32 / log2(62))
const KEY_PATTERN = new RegExp(`^sk_(test|live)_([0-9A-Za-z]{${BODY_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);
/** How much of the key listings show (`key_prefix`): the mode plus 4 characters of randomness. */
const DISPLAY_PREFIX_LENGTH = 'sk_test_'.length + 4;
const ADMIN_KEY_PATTERN = new RegExp(`^ak_([0-9A-Za-z]{${BODY_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);
const ADMIN_DISPLAY_PREFIX_LENGTH = 'ak_'.length + 4;

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

function generate(prefix: string, displayLength: number): GeneratedApiKey {
  const random = BigInt(`0x${crypto.randomBytes(32).toString('hex')}`);
  const head = `${prefix}${base62(random, BODY_LENGTH)}`;
  const secret = head + checksum(head);
  return { secret, hash: hashApiKey(secret), prefix: secret.slice(0, displayLength) };
}

export const generateApiKey = (mode: KeyMode) => generate(`sk_${mode}_`, DISPLAY_PREFIX_LENGTH);
export const generateAdminKey = () => generate('ak_', ADMIN_DISPLAY_PREFIX_LENGTH);

function wellFormed(pattern: RegExp, candidate: string): boolean {
  const match = pattern.exec(candidate);
  if (!match) return false;
  const head = candidate.slice(0, candidate.length - CHECKSUM_LENGTH);
  return checksum(head) === match.at(-1);
}

/** Shape and checksum only: no database involved. */
export const isWellFormedApiKey = (candidate: string) => wellFormed(KEY_PATTERN, candidate);
export const isWellFormedAdminKey = (candidate: string) => wellFormed(ADMIN_KEY_PATTERN, candidate);

export const hashApiKey = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');
