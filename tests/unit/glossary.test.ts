import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '@/lib/platform/i18n/catalogues/en';

/**
 * Each language's glossary (docs/glossary/<code>.md) fixes how the payment words are said, and the
 * catalogue must say them that way everywhere: wherever the English message uses a term, the
 * translation of that message uses the glossary's word for it (its stem, so grammar may inflect it).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOGUES = path.join(ROOT, 'lib/platform/i18n/catalogues');
const GLOSSARIES = path.join(ROOT, 'docs/glossary');
/** The words every glossary must fix. */
const REQUIRED_TERMS = ['mobile money', 'bank transfer', 'reference', 'approve', 'receipt', 'refund'];

interface Term {
  english: string;
  englishStem: string;
  translationStems: string[];
}

/** The table's rows: | English | translation | English stem | stem(s) in the translation | notes |. */
export function readGlossary(markdown: string): Term[] {
  const rows = markdown
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    );
  return rows
    .slice(2)
    .filter((cells) => cells.length >= 4 && cells[0])
    .map(([english, , englishStem, stems]) => ({
      english: english!.toLowerCase(),
      englishStem: englishStem!.toLowerCase(),
      translationStems: stems!
        .split(/\s*\/\s*/)
        .map((s) => s.replace(/^`|`$/g, '').normalize('NFC').toLowerCase())
        .filter(Boolean),
    }));
}

const textsOf = (message: unknown): string[] =>
  typeof message === 'string' ? [message] : Object.values(message as Record<string, string>);

const codes = readdirSync(CATALOGUES)
  .filter((f) => f.endsWith('.ts') && f !== 'en.ts')
  .map((f) => f.slice(0, -3));

describe.each(codes)('the %s catalogue follows its glossary', (code) => {
  it('has a glossary naming every payment word, and uses each term wherever the English does', async () => {
    const markdown = readFileSync(path.join(GLOSSARIES, `${code}.md`), 'utf8');
    const terms = readGlossary(markdown);
    expect(terms.map((t) => t.english)).toEqual(expect.arrayContaining(REQUIRED_TERMS));
    const catalogue = (await import(path.join(CATALOGUES, `${code}.ts`)))[code] as Record<string, unknown>;
    const misses: string[] = [];
    for (const [key, message] of Object.entries(en)) {
      const english = textsOf(message).join(' ').toLowerCase();
      const translated = textsOf(catalogue[key]).join(' ').normalize('NFC').toLowerCase();
      for (const term of terms) {
        if (!english.includes(term.englishStem)) continue;
        if (!term.translationStems.some((stem) => translated.includes(stem)))
          misses.push(`${key}: "${term.english}" is not said as ${term.translationStems.join(' / ')}`);
      }
    }
    expect(misses).toEqual([]);
  });
});
