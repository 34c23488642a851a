import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * TRUSTED_PROXIES: the addresses (or CIDR ranges) of the proxies in front of this service, whose
 * X-Forwarded-For and X-Real-IP are believed. Anyone else's are ignored: a client could otherwise
 * pick its own rate-limit bucket by writing the header.
 */
export type AddressRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An address in its one spelling: IPv4-mapped IPv6 as IPv4, IPv6 compressed; null when it is none. */
export function normaliseAddress(text: string): string | null {
  const bare = text
    .trim()
    .replace(/^\[(.+)\](?::\d+)?$/, '$1')
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : null;
}

function parseRange(entry: string): AddressRange | null {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.process(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

export const trustedProxiesSetting = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const ranges: AddressRange[] = [];
    for (const entry of (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const range = parseRange(entry);
      if (range) ranges.push(range);
      else
        ctx.addIssue({
          code: 'custom',
          message: `${entry} is not an IP address or CIDR range (e.g. 10.0.0.0/8,127.0.0.1)`,
        });
    }
    return ranges;
  });

export function isTrusted(address: string, ranges: readonly AddressRange[]): boolean {
  const parsed = ipaddr.process(address);
  return ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
}
