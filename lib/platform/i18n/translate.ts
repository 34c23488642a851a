import type { MessageKey, Messages, PluralForms, VarsArg } from './messages';
import type { PlaceholdersOf } from './catalogue-types';

/**
 * Fills a message's `{placeholders}`, and picks a plural message's form for `{count}` by the
 * language's rules (`Intl.PluralRules`). Kept apart from the catalogues (imported as types only) so
 * the page's JavaScript carries only the one catalogue the server hands it.
 */
export type Translate = <K extends MessageKey>(key: K, ...vars: VarsArg<K>) => string;

function formOf(message: string | PluralForms, locale: string, values: Record<string, unknown>): string {
  if (typeof message === 'string') return message;
  return message[new Intl.PluralRules(locale).select(Number(values.count))] ?? message.other;
}

/** A text with its `{name}` holes filled; a hole with no value stays as it is (a visible mistake, not a silent one). */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (hole, name: string) => (name in values ? String(values[name]) : hole));
}

export function translate<K extends MessageKey>(
  messages: Messages,
  locale: string,
  key: K,
  ...vars: VarsArg<K>
): string {
  const values = (vars[0] ?? {}) as Record<string, string | number>;
  return fillPlaceholders(formOf(messages[key], locale, values), values);
}

/** `t(key, vars)` bound to one catalogue. */
export function translator(messages: Messages, locale: string): Translate {
  return (key, ...vars) => translate(messages, locale, key, ...vars);
}

/** A message cut at its placeholders, each filled with the value given (text or anything else, e.g. an element). */
export function translateParts<T>(
  messages: Messages,
  locale: string,
  key: MessageKey,
  vars: Record<string, T | string | number>,
): (T | string | number)[] {
  return formOf(messages[key], locale, vars)
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
  vars: Record<PlaceholdersOf<K>, Node | string | number>,
) => Node;
