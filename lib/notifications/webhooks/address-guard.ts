import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Server-side request forgery guard for webhook URLs. Only public unicast addresses are allowed:
 * loopback, private, link-local (cloud metadata at 169.254.169.254), multicast, unique-local,
 * carrier-grade NAT, reserved, IPv4-mapped forms of any of these (::ffff:127.0.0.1) and the rest of
 * ipaddr.js's special ranges are refused. Decimal and octal hosts (http://2130706433,
 * http://0177.0.0.1) are normalised to dotted form by the WHATWG URL parser before they get here.
 * Checked when an endpoint is saved and again at connect time, on the address DNS actually returned.
 */

export interface AddressPolicy {
  /** Sandbox opt-in for local development: loopback (and only loopback) is allowed too. */
  allowLoopback: boolean;
}

/** Why an IP address may not be called, or null when it may. */
export function addressProblem(address: string, policy: AddressPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  // IPv4-compatible (::a.b.c.d, deprecated) addresses, which ipaddr.js calls unicast: never a public host.
  if (
    range === 'unicast' &&
    parsed.kind() === 'ipv6' &&
    (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)
  ) {
    return `${parsed.toString()} is an IPv4-compatible address`;
  }
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `${parsed.toString()} is a ${range} address`;
}

/** The URL's host without IPv6 brackets or a trailing dot (`localhost.` is `localhost`). */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/**
 * Whether a URL's host itself names loopback: `localhost` (and `*.localhost`) or a loopback literal
 * (`127.0.0.1`, `[::1]`, `[::ffff:127.0.0.1]`). Only such a URL may reach loopback under allow_loopback:
 * a public name that resolves to 127.0.0.1 (rebinding) never does.
 */
export function namesLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}

export const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined &&
  net.isIP(address) !== 0 &&
  addressProblem(address, { allowLoopback: false })?.endsWith('loopback address') === true;

/** The port a URL connects to (its default when none is written). */
export const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * A `lookup` for node:http(s) that resolves the name and refuses the connection when any address is
 * not allowed, so the address checked is the address connected to (no DNS rebinding in between).
 */
export function guardedLookup(policy: AddressPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const problem = addressProblem(address, policy);
        if (problem) return callback(new AddressRefusedError(`${hostname} resolves to ${problem}`), '', 0);
      }
      const first = addresses[0];
      if (!first) return callback(new AddressRefusedError(`${hostname} has no address`), '', 0);
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

export class AddressRefusedError extends Error {
  readonly code = 'address_refused';
}

/** All addresses a name resolves to, or null when it does not resolve (yet). */
export async function resolveAll(hostname: string): Promise<string[] | null> {
  try {
    return (await dns.promises.lookup(hostname, { all: true })).map((a) => a.address);
  } catch {
    return null;
  }
}
