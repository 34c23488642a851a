import type { Messages } from './catalogue-types';
import type { MessageOverrides } from './override-check';
import { messageOverridesSetting } from './override-setting';

/**
 * The catalogue as served: the shipped words with MESSAGE_OVERRIDES_FILE's (override-check.ts) on
 * top. The setting is read here directly, like LOG_FILE, so words need no database settings; the
 * process's start (config.ts) has refused a bad file already.
 */
let read: { path: string | undefined; overrides: MessageOverrides | undefined } | undefined;
const merged = new WeakMap<MessageOverrides, Map<string, Messages>>();

function overrides(): MessageOverrides | undefined {
  const path = process.env.MESSAGE_OVERRIDES_FILE || undefined;
  if (!read || read.path !== path) read = { path, overrides: messageOverridesSetting.parse(path) };
  return read.overrides;
}

/** The catalogue with the deployment's overrides for that language, computed once per language. */
export function withOverrides(locale: string, catalogue: Messages): Messages {
  const all = overrides();
  const own = all?.[locale];
  if (!all || !own) return catalogue;
  let byLocale = merged.get(all);
  if (!byLocale) merged.set(all, (byLocale = new Map()));
  let messages = byLocale.get(locale);
  if (!messages) byLocale.set(locale, (messages = { ...catalogue, ...own } as Messages));
  return messages;
}
