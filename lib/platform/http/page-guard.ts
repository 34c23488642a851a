import type { IncomingHttpHeaders } from 'node:http';
import { isServedHost, servedHosts, type ServedHost } from './served-hosts';

/**
 * Refusals the server edge gives pages (and the sign-in library's endpoints) before Next sees them,
 * each a short plain-text answer: Next has no option that turns them into anything but a 500.
 *
 * - 421: a Host this service is not configured for (./served-hosts.ts), on every page and on
 *   /api/auth/** (cookie-based). The JSON APIs, /api/health, /api/ready and /api/ping answer any Host:
 *   they hold no cookie, and load balancers probe them by IP address.
 * - 403: a POST to a page (a server action) whose Origin is not the host it was sent to. Next refuses
 *   these too, but as a 500 (its CSRF check throws); the comparison is Next's own (the Origin's host
 *   against `x-forwarded-host`, else `host`; no `serverActions.allowedOrigins` is configured). A POST
 *   without Origin goes on, as Next lets it.
 * - 413 / 411: a POST to a page larger than its limit, or whose size is not given (a chunked body,
 *   which no browser sends for a form). Every page takes SERVER_ACTION_BODY_LIMIT, except the go-live
 *   application's, where one document of up to 5 MB is uploaded at a time: DOCUMENT_UPLOAD_BODY_LIMIT.
 *   next.config.ts gives Next the larger (it enforces it as a 500, for any action), so this edge is
 *   what keeps every other page at 1 MB.
 */
export const SERVER_ACTION_BODY_LIMIT = 1024 * 1024;
/** One 5 MB document (lib/operator/go-live/documents.ts) and the form around it. */
export const DOCUMENT_UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;
/** The pages whose server actions take a document. */
const UPLOAD_PAGE = /^\/dashboard\/(test|live)\/go-live$/;

export const bodyLimitOf = (pathname: string) =>
  UPLOAD_PAGE.test(pathname) ? DOCUMENT_UPLOAD_BODY_LIMIT : SERVER_ACTION_BODY_LIMIT;

export interface PageRefusal {
  status: 403 | 411 | 413 | 421;
  text: string;
}

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const isAuthPath = (pathname: string) => pathname === '/api/auth' || pathname.startsWith('/api/auth/');

const MISDIRECTED: PageRefusal = {
  status: 421,
  text: 'This server does not serve the host name this request was sent to (pages are served only under the hosts of API_BASE_URL and CHECKOUT_BASE_URL).',
};
const FOREIGN_ORIGIN: PageRefusal = {
  status: 403,
  text: 'This form was sent from another site (its Origin is not this one), so it was not run.',
};
const tooLarge = (limit: number): PageRefusal => ({
  status: 413,
  text: `This form is too large: at most ${limit > SERVER_ACTION_BODY_LIMIT ? '5 MB per document' : '1 MB'} may be sent.`,
});
const LENGTH_REQUIRED: PageRefusal = { status: 411, text: 'A form must be sent with its Content-Length.' };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** What the edge answers instead of Next for this request, or null. */
export function pageRefusal(
  method: string,
  pathname: string,
  headers: IncomingHttpHeaders,
  hosts: readonly ServedHost[] = servedHosts(),
): PageRefusal | null {
  if ((!isApiPath(pathname) || isAuthPath(pathname)) && !isServedHost(headers.host, hosts)) return MISDIRECTED;
  if (isApiPath(pathname) || method !== 'POST') return null;
  if (foreignOrigin(headers)) return FOREIGN_ORIGIN;
  const length = headers['content-length'];
  if (length === undefined) return headers['transfer-encoding'] ? LENGTH_REQUIRED : null;
  const limit = bodyLimitOf(pathname);
  return Number(length) > limit ? tooLarge(limit) : null;
}

/** Next's CSRF check of a server action (app-render/action-handler.js), as a yes or no. */
function foreignOrigin(headers: IncomingHttpHeaders): boolean {
  const origin = first(headers.origin);
  if (origin === undefined) return false;
  const originHost = origin === 'null' ? 'null' : URL.parse(origin)?.host;
  const forwarded = first(headers['x-forwarded-host'])?.split(',')[0]?.trim();
  const host = forwarded || headers.host;
  return !originHost || !host || originHost !== host;
}
