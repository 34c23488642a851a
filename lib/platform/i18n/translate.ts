import type { MessageKey, Messages, Placeholders, VarsArg, en } from './messages';

/**
 * Fills a message's `{placeholders}`. Kept apart from the catalogues (imported as types only) so
 * the page's JavaScript carries only the one catalogue the server hands it, not both.
 */
export type Translate = <K extends MessageKey>(key: K, ...vars: VarsArg<K>) => string;

export function translate<K extends MessageKey>(messages: Messages, key: K, ...vars: VarsArg<K>): string {
  const values = (vars[0] ?? {}) as Record<string, string | number>;
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** `t(key, vars)` bound to one catalogue. */
export function translator(messages: Messages): Translate {
  return (key, ...vars) => translate(messages, key, ...vars);
}

/** A message cut at its placeholders, each filled with the value given (text or anything else, e.g. an element). */
export function translateParts<T>(
  messages: Messages,
  key: MessageKey,
  vars: Record<string, T | string | number>,
): (T | string | number)[] {
  return messages[key]
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in vars ? vars[name]! : part;
    });
}

/** `tx(key, vars)`: a message whose placeholders may be elements; returns one node. */
export type TranslateParts<Node> = <K extends MessageKey>(
  key: K,
  vars: Record<Placeholders<(typeof en)[K]>, Node | string | number>,
) => Node;
