import type { en } from './catalogues/en';

/**
 * Every catalogue is typed against the English one (catalogues/en.ts): a missing or extra key, a
 * translation that drops one of the English string's placeholders, or a plural message written as a
 * plain string (or the reverse), fails `tsc`.
 */
export type En = typeof en;
export type MessageKey = keyof En;

/** `'Pay {amount} to {merchant}'` → `'amount' | 'merchant'`. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** A string that contains each of the placeholders `P`, in any order. */
type Containing<P extends string> = [P] extends [never]
  ? string
  : UnionToIntersection<P extends string ? `${string}{${P}}${string}` : never> & string;

/**
 * A plural message: one form per plural category the language has (`Intl.PluralRules`: Arabic uses
 * all six, Yoruba only `other`), `other` always. `{count}` is the number that picks the form; a form
 * other than `other` may leave it out ("one second" may be written without the 1).
 */
export type PluralForms = { readonly other: string } & { readonly [C in Intl.LDMLPluralRule]?: string };
type PluralTranslation<S extends string> = { readonly other: Containing<Placeholders<S>> } & {
  readonly [C in Exclude<Intl.LDMLPluralRule, 'other'>]?: Containing<Exclude<Placeholders<S>, 'count'>>;
};

type Translation<E> = E extends string
  ? Containing<Placeholders<E>>
  : E extends { readonly other: infer O extends string }
    ? PluralTranslation<O>
    : never;

/**
 * The same rule for any set of words written in several languages (the dashboard's and the console's
 * copy): every key of the source, each translation keeping the source's placeholders.
 */
export type Translated<Source> = {
  readonly [K in keyof Source]: Source[K] extends string ? Containing<Placeholders<Source[K]>> : never;
};

/** What a language's catalogue must hold: every English key, in the same shape, with its placeholders. */
export type Catalogue = { readonly [K in MessageKey]: Translation<En[K]> };

/** A catalogue as read at run time (with a deployment's overrides merged in). */
export type Messages = { readonly [K in MessageKey]: En[K] extends string ? string : PluralForms };

/** The keys whose message is one string / one set of plural forms. */
export type TextKey = { [K in MessageKey]: En[K] extends string ? K : never }[MessageKey];
export type PluralKey = Exclude<MessageKey, TextKey>;

/** The placeholders a key's message has (a plural message: those of its `other` form). */
export type PlaceholdersOf<K extends MessageKey> = En[K] extends string
  ? Placeholders<En[K]>
  : En[K] extends { readonly other: infer O extends string }
    ? Placeholders<O>
    : never;
