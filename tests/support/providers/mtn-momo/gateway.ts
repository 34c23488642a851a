import net from 'node:net';
import type { ProviderReply, ProviderRequest } from '../json-server';
import { mtnError } from './checks';

/**
 * What MTN checks about who calls and where it may call back, before the request itself: the caller's
 * IP in production, and the API user's registered callback host. Sources as in checks.ts.
 */

export type MtnMode = 'sandbox' | 'production';

/**
 * 403 FORBIDDEN IP: "Authorization failed. IP not authorized to utilize Disbursement API", and the
 * action "Share your originating Public IP from which the APIs are called with your MTN Account Manager"
 * [MTN-ERR]. MTN's page names Disbursement; applying it to every product is inferred: the allow-list is
 * the gateway's, in front of all products. The body was not captured: ours, in the gateway's shape
 * (like its 401), with no `code` for an adapter to rely on.
 */
export const FORBIDDEN_IP: ProviderReply = { status: 403, body: { statusCode: 403, message: 'Forbidden' } };

const plain = (address: string) => address.replace(/^::ffff:/, '');

export function callerAllowed(request: ProviderRequest, allowedIps: readonly string[]): boolean {
  return allowedIps.map(plain).includes(plain(request.remoteAddress));
}

/**
 * X-Callback-Url "must be hosted on the same domain specified when creating the API user" (MTN's
 * callback page, momodeveloper.mtn.com/api-documentation/callback); another host is a 500
 * INVALID_CALLBACK_URL_HOST [MTN-ERR]. Same hostname, any port: inferred (MTN registers a host only).
 */
export function callbackHostProblem(callbackUrl: string, registeredHost: string): ProviderReply | null {
  if (new URL(callbackUrl).hostname.toLowerCase() === registeredHost.toLowerCase()) return null;
  return mtnError(
    500,
    'INVALID_CALLBACK_URL_HOST',
    'Callback URL with different host name than configured for API User.',
  );
}

/**
 * A production-like server must be set up as MTN sets up production: a country's target environment
 * (never `sandbox`), the callers' IPs on the allow-list, and a callback host that is a hostname ("Host
 * needs to be configured using Hostname and not IP address" [MTN-ERR]). A test that gets this wrong
 * learns it at start.
 */
export function checkProductionSetup(setup: {
  targetEnvironment: string;
  allowedIps?: string[];
  callbackHost: string;
}) {
  const problem = (text: string) => new Error(`MTN contract server (production): ${text}`);
  if (setup.targetEnvironment === 'sandbox') throw problem('the target environment is a country’s, not sandbox');
  if (!setup.allowedIps?.length) throw problem('allowedIps lists the callers MTN was told about');
  if (net.isIP(setup.callbackHost)) throw problem('the callback host must be a hostname, not an IP address');
}
