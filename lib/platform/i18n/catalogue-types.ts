import type { en } from './en';

/**
 * The French catalogue (and any other) is typed against the English one: a missing or extra key, or a
 * translation that drops one of the English string's placeholders, fails `tsc`.
 */
export type En = typeof en;
export type MessageKey = keyof En;

/** `'Pay {amount} to {merchant}'` → `'amount' | 'merchant'`. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** A string that contains every placeholder of the English original, in any order. */
type Translation<S extends string> = [Placeholders<S>] extends [never]
  ? string
  : UnionToIntersection<Placeholders<S> extends infer P extends string ? `${string}{${P}}${string}` : never> & string;

export type Catalogue = { readonly [K in MessageKey]: Translation<En[K]> };
export type Messages = { readonly [K in MessageKey]: string };
