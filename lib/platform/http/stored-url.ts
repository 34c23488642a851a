import { z } from 'zod';
import { documentedAlso } from '../documented';

/**
 * The one rule for URLs a merchant stores (branding's logo and success redirect, webhook endpoints):
 * written the usual way — the literal `https://` (or, where allowed, `http://`), then the host — and
 * stored as the WHATWG parser's normalised `href`. Browsers and HTTP clients forgive forms such as
 * `https:evil.example`, `https:/example.com` or `https://evil.example\@good.example` (a backslash is a
 * slash to them, so the host is evil.example) and read them differently from people and from other
 * parsers; refusing them keeps what a merchant sees, what is stored and where we go the same.
 */
export interface UrlRule {
  schemes: readonly ('https' | 'http')[];
  /** A `#fragment` is refused (redirects and logos have no use for one). */
  fragment?: boolean;
}

const USUAL_FORM = /^(https?):\/\/([^/?#]*)/i;
// Whitespace and control characters anywhere, C0, DEL and C1 included.
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f]/;

/** The URL's normalised `href`, or why it is refused. */
export function storedUrl(raw: string, rule: UrlRule): { href: string } | { problem: string } {
  const scheme = rule.schemes.map((s) => `${s}://`).join(' or ');
  if (INVISIBLE.test(raw)) return { problem: 'must not contain spaces or control characters' };
  if (raw.includes('\\')) return { problem: 'must not contain backslashes' };
  const form = USUAL_FORM.exec(raw);
  if (!form || !rule.schemes.includes(form[1]!.toLowerCase() as 'https'))
    return { problem: `must start with ${scheme} and the host` };
  if (form[2]!.includes('@')) return { problem: 'must not carry credentials (user@)' };
  const url = URL.parse(raw);
  if (!url || !url.hostname) return { problem: `must be a ${scheme} URL` };
  if (rule.fragment === false && raw.includes('#')) return { problem: 'must not have a #fragment' };
  return { href: url.href };
}

/** The webhook endpoints' rule (http:// for loopback development; the verb says where it is allowed). */
export const WEBHOOK_URL_RULE: UrlRule = { schemes: ['https', 'http'], fragment: false };

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])';
// A DNS label: letters, digits and inner dashes, and never `--` in the 3rd and 4th places (an
// `xn--` label must be valid punycode, which a pattern cannot check, so none is written here).
const LABEL = '(?![A-Za-z0-9]{2}--)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const NAME = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';

/** A host as people write one: DNS labels ending in a name (`dotted`: at least two), or an IPv4 address. */
export const hostPattern = (dotted = false) =>
  `(?:(?:${LABEL}\\.)${dotted ? '+' : '*'}(?!${'[A-Za-z0-9]{2}'}--)${NAME}|${OCTET}(?:\\.${OCTET}){3})`;

/**
 * The usual form as a pattern for the document: the scheme, a host (`hostPattern`), a port, then
 * anything but spaces, control characters and backslashes (no `#` where refused). Stricter than
 * `storedUrl` (ports of 5 digits, IPv6 and international names are left out): a client that follows
 * it is never refused.
 */
export function usualUrlPattern(rule: UrlRule, host: { dotted?: boolean } = {}): string {
  const schemes = rule.schemes.map((s) => [...s].map((c) => `[${c}${c.toUpperCase()}]`).join('')).join('|');
  const rest = rule.fragment === false ? '[^\\s\\x00-\\x1f\\x7f-\\x9f\\\\#]' : '[^\\s\\x00-\\x1f\\x7f-\\x9f\\\\]';
  return `^(?:${schemes})://${hostPattern(host.dotted)}(?::[0-9]{1,4})?(?:[/?]${rest}*)?$`;
}

/** A zod field for such a URL: its output is the normalised `href`. */
export function storedUrlField(rule: UrlRule, extra?: (url: URL) => string | null) {
  return documentedAlso(
    z
      .string({ error: 'must be a URL' })
      .max(2048, 'must be at most 2048 characters')
      .transform((raw, ctx) => {
        const result = storedUrl(raw, rule);
        const problem = 'problem' in result ? result.problem : extra?.(new URL(result.href));
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return (result as { href: string }).href;
      }),
    { format: 'uri', pattern: usualUrlPattern(rule) },
  );
}
