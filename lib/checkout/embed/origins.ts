import type { Mode } from '../../platform/vocabulary';
/**
 * Which origins a button may be allowed on. Browsers send `Origin` as scheme://host[:port] with the
 * host in lower case and the default port left out, which is exactly the form input.ts stores, so a
 * plain string comparison decides.
 *
 * Live: https only. Sandbox: also http://localhost, http://127.0.0.1 and http://[::1] (any port),
 * for a shop under development on the merchant's own machine.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function originProblem(origin: string, mode: Mode): string | null {
  const url = new URL(origin);
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (mode === 'live') {
    if (url.protocol !== 'https:') return 'must be https:// (http:// is only allowed for localhost in test mode)';
    if (loopback) return 'must be a public origin in live mode (localhost is for test mode)';
    return null;
  }
  if (url.protocol === 'http:' && !loopback)
    return 'must be https:// (http:// is only allowed for localhost and 127.0.0.1)';
  return null;
}

/** Is the request's `Origin` (as the browser sent it) one of the allowed ones? */
export const isAllowedOrigin = (origin: string | null, allowed: readonly string[]) =>
  origin !== null && allowed.includes(origin);
