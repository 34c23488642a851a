import { z } from 'zod';
import { documentedAlso } from '../documented';
import { isStorableText } from './storable-text';

/**
 * Names people choose and others read (a person's name, a business's name, the hosted page's display
 * name): bounded, and free of characters that change how the text *around* them reads. Control
 * characters and line breaks, bidirectional overrides and isolates (U+202A–202E, U+2066–2069,
 * U+200E/200F, U+061C: a U+202E would reverse the service's own words after it) and other invisible
 * format characters are refused; the joiners U+200C/U+200D, which Arabic, Indic scripts and emoji
 * need, stay. A scheme (`https://…`) is refused too, so a name never turns into a link in a mail.
 * Pages still isolate every name (`<bdi>`) and mails wrap it in U+2068…U+2069, so right-to-left
 * names read right beside the service's text.
 */
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2060-\u2064\ufeff\u00ad\u180e]/u;
const OTHER_FORMAT = /(?![\u200c\u200d])\p{Cf}/u;
const SCHEME = /[a-z][a-z0-9+.-]*:\/\//i;

export const NAME_MAX = 100;

/** Why a name is refused, or null when it is fine. */
export function displayNameProblem(value: unknown, max = NAME_MAX): string | null {
  if (typeof value !== 'string') return 'must be text';
  const name = value.trim();
  if (!name) return 'must not be empty';
  if ([...name].length > max) return `must be at most ${max} characters`;
  if (!isStorableText(name) || FORBIDDEN.test(name) || OTHER_FORMAT.test(name))
    return 'must not contain control, direction-changing or invisible characters';
  if (SCHEME.test(name)) return 'must not contain a web address';
  return null;
}

/** The same rule as a zod schema (trimmed, NFC). */
export const displayName = (max = NAME_MAX) =>
  documentedAlso(
    z
      .string({ error: 'is required' })
      .trim()
      .superRefine((value, ctx) => {
        const problem = displayNameProblem(value, max);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((value) => value.normalize('NFC')),
    // The same rule as a pattern: no web address, something besides spaces, and no control,
    // line-separator or format character but the joiners (trimmed ends aside, which it refuses too).
    {
      minLength: 1,
      maxLength: max,
      pattern:
        '^(?![\\s\\S]*[A-Za-z][A-Za-z0-9+.\\-]*://)(?=[\\s\\S]*\\S)(?:[^\\p{Cc}\\p{Cf}\\u2028\\u2029]|[\\u200c\\u200d])*$',
    },
  );

/** For plain text (mail): the name isolated, so a right-to-left name cannot reorder the text around it. */
export { isolated } from './isolated';
