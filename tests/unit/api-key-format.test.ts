import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, isWellFormedApiKey } from '../../lib/access/api-key-format';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('generateApiKey', () => {
  it.each(['test', 'live'] as const)('makes a well-formed sk_%s_ key', (mode) => {
    const key = generateApiKey(mode);
    expect(key.secret).toMatch(new RegExp(`^sk_${mode}_[0-9A-Za-z]{49}$`));
    expect(key.secret.startsWith(`sk_${mode}_`)).toBe(true);
    expect(isWellFormedApiKey(key.secret)).toBe(true);
  });

  it('has a display prefix of the mode plus four characters of the key', () => {
    const key = generateApiKey('test');
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    expect(key.prefix).toMatch(/^sk_test_[0-9A-Za-z]{4}$/);
    expect(generateApiKey('live').prefix).toMatch(/^sk_live_[0-9A-Za-z]{4}$/);
  });

  it('hashes with SHA-256 as lowercase hex', () => {
    const key = generateApiKey('test');
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.hash).toBe(crypto.createHash('sha256').update(key.secret).digest('hex'));
    expect(hashApiKey(key.secret)).toBe(key.hash);
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('never repeats a secret, hash or body across many keys', () => {
    const keys = Array.from({ length: 2000 }, () => generateApiKey('test'));
    expect(new Set(keys.map((k) => k.secret)).size).toBe(keys.length);
    expect(new Set(keys.map((k) => k.hash)).size).toBe(keys.length);
  });

  it('uses the whole alphabet (random body, not a fixed pattern)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) for (const c of generateApiKey('live').secret.slice(8, 51)) seen.add(c);
    expect(seen.size).toBeGreaterThan(55);
  });
});

describe('isWellFormedApiKey', () => {
  const { secret } = generateApiKey('test');

  it('catches every single-character substitution', () => {
    for (let i = 0; i < secret.length; i++) {
      for (const c of BASE62 + '_-') {
        if (c === secret[i]) continue;
        const changed = secret.slice(0, i) + c + secret.slice(i + 1);
        expect(isWellFormedApiKey(changed), `position ${i} → ${c}`).toBe(false);
      }
    }
  });

  it('refuses the same key body under the other mode (the checksum covers the prefix)', () => {
    expect(isWellFormedApiKey(secret.replace('sk_test_', 'sk_live_'))).toBe(false);
  });

  it('refuses every truncation and extension', () => {
    for (let n = 0; n < secret.length; n++) expect(isWellFormedApiKey(secret.slice(0, n))).toBe(false);
    expect(isWellFormedApiKey(`${secret}0`)).toBe(false);
    expect(isWellFormedApiKey(`0${secret}`)).toBe(false);
  });

  it('refuses transposed neighbouring characters', () => {
    for (let i = 8; i < secret.length - 1; i++) {
      if (secret[i] === secret[i + 1]) continue;
      const swapped = secret.slice(0, i) + secret[i + 1] + secret[i] + secret.slice(i + 2);
      expect(isWellFormedApiKey(swapped), `swap at ${i}`).toBe(false);
    }
  });

  it.each([
    '',
    'sk_test_',
    'sk_prod_' + 'a'.repeat(49),
    'pk_test_' + 'a'.repeat(49),
    'SK_TEST_' + 'a'.repeat(49),
    'sk_test_' + 'a'.repeat(49),
    'sk_test_' + '+'.repeat(49),
    'not a key',
  ])('refuses %j', (candidate) => {
    expect(isWellFormedApiKey(candidate)).toBe(false);
  });

  it('refuses surrounding whitespace (callers trim)', () => {
    expect(isWellFormedApiKey(` ${secret}`)).toBe(false);
    expect(isWellFormedApiKey(`${secret}\n`)).toBe(false);
  });
});
