import { LANGUAGES } from './languages';
import type { MessageKey, Messages, PluralForms } from './catalogue-types';

/**
 * A deployment's own wording: MESSAGE_OVERRIDES_FILE names a JSON file of `{ "<language>": { "<key>":
 * "text" } }` (a plural message as `{ "one": …, "other": … }`), so an operator can correct a word
 * without a release. Checked when the process starts (config.ts), like every setting: an unknown
 * language or key, a plural form the language does not have, a placeholder dropped or invented is
 * refused with the key's name. Placeholders must be exactly the English message's: one left out
 * would lose the amount, one made up would show as `{text}`.
 */
export type MessageOverrides = Partial<Record<string, Partial<Record<MessageKey, string | PluralForms>>>>;

const MAX_LENGTH = 1000;
const placeholdersIn = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));

/** The problems of an overrides document, each naming where it is; none: it can be used. */
export function overrideProblems(document: unknown): string[] {
  if (!isRecord(document)) return ['must be a JSON object of languages'];
  const problems: string[] = [];
  for (const [locale, entries] of Object.entries(document)) {
    if (!Object.hasOwn(LANGUAGES, locale)) {
      problems.push(`${locale}: not a language of the catalogue (${Object.keys(LANGUAGES).join(', ')})`);
      continue;
    }
    if (!isRecord(entries)) {
      problems.push(`${locale}: must be an object of message keys`);
      continue;
    }
    const reference = LANGUAGES.en.catalogue as Messages;
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
    for (const [key, value] of Object.entries(entries)) {
      const where = `${locale}.${key}`;
      if (!Object.hasOwn(reference, key)) {
        problems.push(`${where}: no such message`);
        continue;
      }
      const english = reference[key as MessageKey];
      const wanted = placeholdersIn(typeof english === 'string' ? english : english.other);
      if (typeof english === 'string') {
        if (typeof value !== 'string') problems.push(`${where}: must be a string`);
        else problems.push(...textProblems(where, value, wanted, true));
        continue;
      }
      if (!isRecord(value) || typeof value.other !== 'string') {
        problems.push(`${where}: must be plural forms, an object with at least "other"`);
        continue;
      }
      for (const [category, text] of Object.entries(value)) {
        if (!categories.includes(category))
          problems.push(`${where}.${category}: ${locale} has no such plural form (${categories.join(', ')})`);
        else if (typeof text !== 'string') problems.push(`${where}.${category}: must be a string`);
        else problems.push(...textProblems(`${where}.${category}`, text, wanted, category === 'other'));
      }
    }
  }
  return problems;
}

function textProblems(where: string, text: string, wanted: Set<string>, needsCount: boolean): string[] {
  if (!text.trim()) return [`${where}: must not be blank`];
  if ([...text].length > MAX_LENGTH) return [`${where}: at most ${MAX_LENGTH} characters`];
  const found = placeholdersIn(text);
  const missing = [...wanted].filter((p) => !found.has(p) && (needsCount || p !== 'count'));
  const unknown = [...found].filter((p) => !wanted.has(p));
  return [
    ...missing.map((p) => `${where}: must keep the placeholder {${p}}`),
    ...unknown.map((p) => `${where}: has a placeholder {${p}} the message does not fill`),
  ];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
