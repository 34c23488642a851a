import type { MessageKey, Messages, VarsArg } from './messages';

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
