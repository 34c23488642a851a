import { LANGUAGES } from './languages';
import type { Locale } from './locale';
import type { MessageKey, Messages, PlaceholdersOf } from './catalogue-types';
import { withOverrides } from './overrides';

export type { Catalogue, MessageKey, Messages, PluralForms } from './catalogue-types';

/** A language's words as served: its catalogue with this deployment's overrides (overrides.ts) merged in. */
export function messagesFor(locale: Locale): Messages {
  return withOverrides(locale, LANGUAGES[locale].catalogue as Messages);
}

type VarsOf<K extends MessageKey> = Record<PlaceholdersOf<K>, string | number>;
/** The variables argument a key needs: none, or one object naming each placeholder. */
export type VarsArg<K extends MessageKey> = [PlaceholdersOf<K>] extends [never] ? [] : [VarsOf<K>];
