import { describe, expect, it } from 'vitest';
import { isolated } from '../../lib/platform/http/isolated';
import { isolated as fromDisplayName } from '../../lib/platform/http/display-name';
import { en } from '../../lib/platform/i18n/catalogues/en';
import { translate, translateParts } from '../../lib/platform/i18n/translate';
import { fill } from '../../lib/surfaces/dashboard/copy';

/**
 * Names shown beside the service's own words are isolated: in plain text between U+2068 (first strong
 * isolate) and U+2069 (pop directional isolate), on pages inside a `<bdi>` element. A name stored
 * before direction controls were refused (a U+202E) or a right-to-left name then stays inside its
 * isolate and cannot reverse or reorder the sentence around it.
 */
const FSI = '\u2068';
const PDI = '\u2069';
const OVERRIDE = 'Evil\u202eShop';

describe('isolated', () => {
  it('wraps the name in one first-strong isolate, unchanged inside', () => {
    expect(isolated('Kofi Foods')).toBe(`${FSI}Kofi Foods${PDI}`);
    expect(isolated(OVERRIDE)).toBe(`${FSI}${OVERRIDE}${PDI}`);
    expect(isolated('متجر سلمى')).toBe(`${FSI}متجر سلمى${PDI}`);
    expect(isolated('')).toBe(`${FSI}${PDI}`);
  });

  it('closes the isolate after the name, so the text that follows is outside it', () => {
    const text = fill('{actor} in the dashboard', { actor: isolated(OVERRIDE) });
    expect(text).toBe(`${FSI}${OVERRIDE}${PDI} in the dashboard`);
    // The override opens inside the isolate; the PDI ends it (and any embedding or override in it).
    expect(text.indexOf('\u202e')).toBeLessThan(text.indexOf(PDI));
    expect(text.endsWith(`${PDI} in the dashboard`)).toBe(true);
  });

  it('fills page titles and sentences without touching the rest of the message', () => {
    expect(translate(en, 'en', 'page_title_to', { merchant: isolated(OVERRIDE) })).toBe(
      en.page_title_to.replace('{merchant}', `${FSI}${OVERRIDE}${PDI}`),
    );
    // A name is text, never a replacement pattern.
    expect(fill('Pay {merchant}.', { merchant: isolated("A$'B$&") })).toBe(`Pay ${FSI}A$'B$&${PDI}.`);
  });

  it('is the same function display-name.ts has always exported (mail uses it)', () => {
    expect(fromDisplayName).toBe(isolated);
  });
});

describe('translateParts (the hosted page puts a <bdi> in the placeholder)', () => {
  it('keeps the element as its own part, between the message words', () => {
    const bdi = { element: 'bdi', text: OVERRIDE };
    const parts = translateParts(en, 'en', 'paid_body', { merchant: bdi });
    expect(parts).toContain(bdi);
    const [before, after] = en.paid_body.split('{merchant}');
    expect(parts).toEqual([before, bdi, after].filter((part) => part !== ''));
  });
});
