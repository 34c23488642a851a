import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, directionOf } from '../../platform/i18n/locale';
import { messagesFor, type MessageKey } from '../../platform/i18n/messages';

/**
 * The checkout button's script (button.js, plain browser JavaScript with no build step) with its
 * words written in: every language of the catalogue, the `button_*` messages without their prefix,
 * this deployment's overrides included, and each language's direction. Built once per process.
 */
const WORDS_MARK = '/* WORDS */ {}';
const PREFIX = 'button_';

export interface ButtonScript {
  body: string;
  etag: string;
}

let built: ButtonScript | undefined;

export function buttonScript(): ButtonScript {
  if (built) return built;
  // Read from the project folder, as the service runs it (`next start` from the repository).
  const source = readFileSync(path.join(process.cwd(), 'lib/surfaces/embed/button.js'), 'utf8');
  if (!source.includes(WORDS_MARK)) throw new Error(`button.js lost its ${WORDS_MARK} mark`);
  const words = Object.fromEntries(
    LOCALES.map((locale) => {
      const messages = messagesFor(locale);
      const own = Object.fromEntries(
        (Object.keys(messages) as MessageKey[])
          .filter((key) => key.startsWith(PREFIX))
          .map((key) => [key.slice(PREFIX.length), messages[key]]),
      );
      return [locale, { ...own, lang: locale, dir: directionOf(locale) }];
    }),
  );
  // JSON is a JavaScript expression; `<` escaped so the words can never close a script element.
  const body = source.replace(WORDS_MARK, JSON.stringify(words).replace(/</g, '\\u003c'));
  built = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  return built;
}
