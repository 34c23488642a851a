import { config, type Config } from '../config';

/**
 * The hosts this service answers for: API_BASE_URL's and CHECKOUT_BASE_URL's host and port. A page
 * (and the sign-in library's cookie endpoints) asked for under any other Host is refused before Next
 * sees it (./page-guard.ts): a browser that a DNS-rebinding page sends here carries the attacker's
 * name in Host, and would otherwise read our pages as same-origin with its own.
 */
export interface ServedHost {
  hostname: string;
  port: number;
  /** The port is its scheme's default, so a Host without a port names it too. */
  defaultPort: boolean;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The hosts of these base URLs (lowercased, IPv6 in brackets, the scheme's default port written out). */
export function servedHostsOf(baseUrls: readonly string[]): ServedHost[] {
  return baseUrls.flatMap((base) => {
    const url = URL.parse(base);
    const fallback = url ? DEFAULT_PORTS[url.protocol] : undefined;
    if (!url || fallback === undefined) return [];
    const port = url.port ? Number(url.port) : fallback;
    return [{ hostname: url.hostname.replace(/\.$/, ''), port, defaultPort: port === fallback }];
  });
}

const cache = new WeakMap<Config, ServedHost[]>();

/** This process's served hosts, from its configuration. */
export function servedHosts(): ServedHost[] {
  const c = config();
  let hosts = cache.get(c);
  if (!hosts) cache.set(c, (hosts = servedHostsOf([c.API_BASE_URL, c.CHECKOUT_BASE_URL])));
  return hosts;
}

/** A Host header as written: a name or IPv4 address, or a bracketed IPv6 address, and maybe a port. */
const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[^\s/?#@\\[\]:]+)(?::(\d{1,5}))?$/;

/**
 * This machine's own names: a service configured on one of them answers to all of them (a newcomer
 * types `localhost:3000` where the banner says `127.0.0.1:3000`). A rebinding page never sends one.
 */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a request's Host header names one of `hosts` (case-insensitive; a default port may be left out). */
export function isServedHost(header: string | null | undefined, hosts: readonly ServedHost[] = servedHosts()): boolean {
  const match = header ? HOST_HEADER.exec(header.trim()) : null;
  if (!match) return false;
  const hostname = match[1]!.toLowerCase().replace(/\.$/, '');
  const port = match[2] === undefined ? undefined : Number(match[2]);
  const same = (h: ServedHost) =>
    h.hostname === hostname || (LOOPBACK_NAMES.has(h.hostname) && LOOPBACK_NAMES.has(hostname));
  return hosts.some((h) => same(h) && (port === undefined ? h.defaultPort : port === h.port));
}
