import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/platform/i18n/languages';
import { en } from '@/lib/platform/i18n/catalogues/en';
import type { Messages } from '@/lib/platform/i18n/messages';
import { translate } from '@/lib/platform/i18n/translate';

/**
 * What the types cannot hold of the catalogues: no invented placeholder (it would show as `{text}`),
 * plural forms only of the language's own categories, text in NFC without stray direction marks, and
 * no message left in English by mistake.
 */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
const formsOf = (message: unknown): [string, string][] =>
  typeof message === 'string' ? [['text', message]] : Object.entries(message as Record<string, string>);
/** Short words and names that are the same in English and the language (brands, codes, "IBAN"). */
const SAME_AS_ENGLISH_ALLOWED = 4;

describe.each(Object.entries(LANGUAGES).filter(([code]) => code !== 'en'))('the %s catalogue', (code, language) => {
  const catalogue = language.catalogue as Messages;

  it('fills exactly the English placeholders ({count} may be left out of a plural form other than `other`)', () => {
    const wrong: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const wanted = placeholders(typeof english === 'string' ? english : english.other);
      for (const [form, text] of formsOf(catalogue[key as keyof Messages])) {
        const found = placeholders(text);
        const allowed = form === 'text' || form === 'other' ? wanted : wanted.filter((p) => p !== 'count');
        if (found.some((p) => !wanted.includes(p)) || allowed.some((p) => !found.includes(p)))
          wrong.push(`${key}.${form}: {${found.join('}, {')}}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes only the plural forms the language has', () => {
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
    for (const [key, message] of Object.entries(catalogue)) {
      if (typeof message === 'string') continue;
      expect(
        Object.keys(message).filter((c) => !categories.includes(c)),
        key,
      ).toEqual([]);
    }
  });

  it('is NFC text without direction marks (the page isolates values itself)', () => {
    for (const [key, message] of Object.entries(catalogue))
      for (const [, text] of formsOf(message)) {
        expect(text.normalize('NFC'), key).toBe(text);
        expect(text, key).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
        expect(text.trim(), key).not.toBe('');
      }
  });

  it('translates every sentence (only short names and codes may stay as in English)', () => {
    const same = Object.entries(en)
      .filter(([key, english]) => typeof english === 'string' && english === catalogue[key as keyof Messages])
      .map(([key]) => key)
      .filter((key) => (en[key as keyof typeof en] as string).length > 12);
    expect(same.length, same.join(', ')).toBeLessThanOrEqual(SAME_AS_ENGLISH_ALLOWED);
  });
});

describe('plural messages', () => {
  it('pick the form by the language’s rules: Arabic’s six, English’s two, Yoruba’s one', () => {
    const say = (code: keyof typeof LANGUAGES, count: number) =>
      translate(LANGUAGES[code].catalogue as Messages, code, 'redirect_in', { merchant: 'M', count });
    const ar = LANGUAGES.ar.catalogue.redirect_in as Record<string, string>;
    const fill = (form: string, n: number) => form.replace('{merchant}', 'M').replace('{count}', String(n));
    // 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100 other.
    expect([0, 1, 2, 3, 11, 100].map((n) => say('ar', n))).toEqual([
      fill(ar.zero!, 0),
      fill(ar.one!, 1),
      fill(ar.two!, 2),
      fill(ar.few!, 3),
      fill(ar.many!, 11),
      fill(ar.other!, 100),
    ]);
    expect(say('en', 1)).toBe('Taking you back to M in 1\u00a0second.');
    expect(say('en', 5)).toBe('Taking you back to M in 5\u00a0seconds.');
    expect(say('yo', 1)).toBe(say('yo', 1).replace('{count}', '1'));
  });
});
