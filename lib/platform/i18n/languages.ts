import type { Catalogue } from './catalogue-types';
import { en } from './catalogues/en';
import { fr } from './catalogues/fr';
import { sw } from './catalogues/sw';
import { am } from './catalogues/am';
import { ha } from './catalogues/ha';
import { yo } from './catalogues/yo';
import { pt } from './catalogues/pt';
import { ar } from './catalogues/ar';

/**
 * The languages customers see: the hosted page, a payment link's page, the checkout button and the
 * customer's mail. Adding one is this list, its catalogue (catalogues/<code>.ts) and its glossary
 * (docs/glossary/<code>.md): docs/extending.md. The dashboard and console speak PEOPLE_LOCALES only.
 *
 * `review` says who has checked the words: `source` (the English the others translate), `native`
 * (a native speaker has reviewed them), `unreviewed` (drafted without one: docs/languages.md).
 * `dir` is the script's direction; `name` is the language's name in itself, as the picker shows it.
 * Server-side only: it carries every catalogue (the page's JavaScript gets one, as a prop).
 */
export interface Language {
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
  readonly review: 'source' | 'native' | 'unreviewed';
  readonly catalogue: Catalogue;
}

export const LANGUAGES = {
  en: { name: 'English', dir: 'ltr', review: 'source', catalogue: en },
  fr: { name: 'Français', dir: 'ltr', review: 'unreviewed', catalogue: fr },
  sw: { name: 'Kiswahili', dir: 'ltr', review: 'unreviewed', catalogue: sw },
  am: { name: 'አማርኛ', dir: 'ltr', review: 'unreviewed', catalogue: am },
  ha: { name: 'Hausa', dir: 'ltr', review: 'unreviewed', catalogue: ha },
  yo: { name: 'Yorùbá', dir: 'ltr', review: 'unreviewed', catalogue: yo },
  pt: { name: 'Português', dir: 'ltr', review: 'unreviewed', catalogue: pt },
  ar: { name: 'العربية', dir: 'rtl', review: 'unreviewed', catalogue: ar },
} as const satisfies Record<string, Language>;
