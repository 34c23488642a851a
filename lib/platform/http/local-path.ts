import { isStorableText } from './storable-text';

/**
 * Where to send someone back to after a form (`next`): a path of this site, else null. Checked after
 * the URL parser has normalised it, since `/a/../..//evil.example` normalises to `//evil.example`,
 * which browsers take for another site; `//host`, `/\host` and anything with a backslash or
 * whitespace never pass.
 */
export function localPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512 || !isStorableText(value)) return null;
  if (!/^\/(?![/\\])/.test(value) || /[\s\\]/.test(value)) return null;
  const base = 'http://same.invalid';
  const url = URL.parse(value, base);
  if (!url || url.origin !== base) return null;
  const path = `${url.pathname}${url.search}`;
  return /^\/(?![/\\])/.test(path) ? path : null;
}
