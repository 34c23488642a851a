import type { Locale } from './locale';
import { en } from './en';
import { fr } from './fr';
import type { En, MessageKey, Messages, Placeholders } from './catalogue-types';

/** The hosted checkout page's strings, by locale: lib/platform/i18n/en.ts and fr.ts. */
export { en, fr };
export type { Catalogue, MessageKey, Messages, Placeholders } from './catalogue-types';

export const catalogues: Record<Locale, Messages> = { en, fr };

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}

type VarsOf<K extends MessageKey> = Record<Placeholders<En[K]>, string | number>;
/** The variables argument a key needs: none, or one object naming each placeholder. */
export type VarsArg<K extends MessageKey> = [Placeholders<En[K]>] extends [never] ? [] : [VarsOf<K>];
