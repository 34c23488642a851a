import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/platform/config';
import { PEOPLE_LOCALES, fromAcceptLanguage, requestedLocale, resolveLocale } from '@/lib/platform/i18n/locale';
import { messagesFor } from '@/lib/platform/i18n/messages';
import { overrideProblems } from '@/lib/platform/i18n/override-check';
import { buttonScript } from '@/lib/surfaces/embed/button-script';

/** Which language a customer gets, and a deployment's own wording checked at start. */
describe('the customer’s language', () => {
  it('reads the browser’s languages by quality, regional tags by their language', () => {
    expect(fromAcceptLanguage('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(fromAcceptLanguage('am-ET')).toBe('am');
    expect(fromAcceptLanguage('pt-MZ,pt;q=0.9')).toBe('pt');
    expect(fromAcceptLanguage('ar-EG,ar;q=0.9,fr;q=0.5')).toBe('ar');
    expect(fromAcceptLanguage('de-DE,yo;q=0.4,ha;q=0.6')).toBe('ha');
    expect(fromAcceptLanguage('de-DE, *')).toBeNull();
  });

  it('takes the choice made on the page first, then the one remembered, then the browser, then the merchant', () => {
    expect(resolveLocale({ asked: 'ar', remembered: 'sw' }, 'fr', 'pt')).toBe('ar');
    expect(resolveLocale({ asked: 'xx', remembered: 'sw' }, 'fr', 'pt')).toBe('sw');
    expect(resolveLocale({ remembered: 'nope' }, 'fr-CI', 'pt')).toBe('fr');
    expect(resolveLocale({}, 'de', 'pt')).toBe('pt');
    expect(resolveLocale({}, 'de', 'de')).toBe('en');
    expect(requestedLocale({}, 'de')).toBeNull();
    // Case and spaces are forgiven; a list is read by its first value.
    expect(requestedLocale({ asked: [' AM ', 'fr'] }, null)).toBe('am');
    // A person's page: only the dashboard's languages count, so Arabic-then-French reads as French.
    expect(requestedLocale({}, 'ar,fr;q=0.9,en;q=0.8', PEOPLE_LOCALES)).toBe('fr');
    expect(requestedLocale({ asked: 'sw' }, 'en', PEOPLE_LOCALES)).toBe('en');
  });
});

describe('MESSAGE_OVERRIDES_FILE', () => {
  const base = {
    DATABASE_URL: 'postgres://user:pass@db.internal:5432/payments',
    CHECKOUT_TOKEN_SECRET: 'c'.repeat(32),
    AUTH_SECRET: 's'.repeat(32),
  };
  const fileWith = (content: unknown) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'overrides-')), 'words.json');
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  afterEach(() => {
    delete process.env.MESSAGE_OVERRIDES_FILE;
  });

  it('refuses, naming each, what would break a page: unknown language or key, lost or invented placeholders', () => {
    expect(
      overrideProblems({
        xx: {},
        am: {
          pay_button: 'ክፈል',
          continue: 'ቀጥል {merchant}',
          nope: 'x',
          redirect_in: { one: '{merchant}', few: '{merchant} {count}', other: '{merchant}' },
          loading: '  ',
          help: 42,
        },
      }),
    ).toEqual([
      expect.stringContaining('xx: not a language'),
      'am.pay_button: must keep the placeholder {amount}',
      'am.continue: has a placeholder {merchant} the message does not fill',
      'am.nope: no such message',
      expect.stringContaining('am.redirect_in.few: am has no such plural form'),
      'am.redirect_in.other: must keep the placeholder {count}',
      'am.loading: must not be blank',
      'am.help: must be a string',
    ]);
    expect(overrideProblems([])).toEqual(['must be a JSON object of languages']);
  });

  it('stops the start on a bad file, and serves a good one on the page, the button and the mail', () => {
    const bad = fileWith({ sw: { pay_button: 'Lipa' } });
    expect(() => parseConfig({ ...base, MESSAGE_OVERRIDES_FILE: bad })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, MESSAGE_OVERRIDES_FILE: fileWith('{not json') })).toThrow(/cannot read/);
    expect(() => parseConfig({ ...base, MESSAGE_OVERRIDES_FILE: '/nowhere/words.json' })).toThrow(/cannot read/);

    const good = fileWith({ am: { continue: 'ቀጥሉ', button_loading: 'በመጫን ላይ…' } });
    expect(parseConfig({ ...base, MESSAGE_OVERRIDES_FILE: good }).MESSAGE_OVERRIDES_FILE).toEqual({
      am: { continue: 'ቀጥሉ', button_loading: 'በመጫን ላይ…' },
    });
    process.env.MESSAGE_OVERRIDES_FILE = good;
    expect(messagesFor('am').continue).toBe('ቀጥሉ');
    expect(messagesFor('sw').continue).not.toBe('ቀጥሉ');
  });
});

describe('the checkout button’s script', () => {
  it('carries every language’s button words, Arabic right to left, and nothing that could close a script', () => {
    const { body, etag } = buttonScript();
    expect(body).not.toContain('/* WORDS */');
    for (const code of ['en', 'fr', 'sw', 'am', 'ha', 'yo', 'pt', 'ar'])
      expect(body).toContain(JSON.stringify(messagesFor(code as 'en').button_loading).slice(1, -1));
    expect(body).toContain(`"lang":"ar","dir":"rtl"`);
    expect(body).not.toMatch(/<\/script/i);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(buttonScript().etag).toBe(etag);
  });
});
