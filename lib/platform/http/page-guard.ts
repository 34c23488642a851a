import type { IncomingHttpHeaders } from 'node:http';
import { isServedHost, servedHosts, type ServedHost } from './served-hosts';

/**
 * Refusals the server edge gives pages (and the sign-in library's endpoints) before Next sees them,
 * each a short plain-text answer.
 *
 * - 421: a Host this service is not configured for (./served-hosts.ts), on every page and on
 *   /api/auth/** (cookie-based). The JSON APIs, /api/health, /api/ready and /api/ping answer any Host:
 *   they hold no cookie, and load balancers probe them by IP address.
 */
export interface PageRefusal {
  status: 421;
  text: string;
}

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const isAuthPath = (pathname: string) => pathname === '/api/auth' || pathname.startsWith('/api/auth/');

const MISDIRECTED: PageRefusal = {
  status: 421,
  text: 'This server does not serve the host name this request was sent to.',
};

/** What the edge answers instead of Next for this request, or null. */
export function pageRefusal(
  method: string,
  pathname: string,
  headers: IncomingHttpHeaders,
  hosts: readonly ServedHost[] = servedHosts(),
): PageRefusal | null {
  if ((!isApiPath(pathname) || isAuthPath(pathname)) && !isServedHost(headers.host, hosts)) return MISDIRECTED;
  return null;
}
