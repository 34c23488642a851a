import { endpoint } from '../../platform/http/endpoint';
import { ApiError } from '../../platform/http/errors';
import { checkStorable, parseJsonBody, queryObject, readBodyText } from '../../platform/http/parse';
import { clientAddress } from '../rate-limit/client-address';
import { auth, CLIENT_ADDRESS_HEADER } from './auth';

/**
 * What better-auth answers over HTTP: only what the pages and their tests use. Everything else the
 * library offers (changing an email, a password or the user, disabling two-factor, reading the TOTP
 * URI, the organization and passkey management endpoints…) stays callable in-process by the
 * dashboard's audited, stepped-up actions, and answers 404 here. Each path that stays open is held
 * to the limits of lib/access/people/guards.ts.
 */
export const AUTH_HTTP_PATHS = new Set([
  'GET /get-session',
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-out',
  // The confirmation link in the mail.
  'GET /verify-email',
  'POST /two-factor/enable',
  'POST /two-factor/verify-totp',
  'POST /two-factor/verify-backup-code',
  'GET /passkey/generate-authenticate-options',
  'POST /passkey/verify-authentication',
]);

/**
 * A request to better-auth's endpoints. Before the library sees it, the API's own request rules
 * apply, with their error shape: only the paths above, at most 1 MB, JSON only, not nested too deep,
 * no text PostgreSQL cannot store (NUL, lone surrogates) in the body or the query. Then the client's
 * address as this service resolves it (the TCP peer, or the proxy chain when TRUSTED_PROXIES says
 * so) replaces whatever a client sent under that header, so nobody can pick their own rate-limit bucket.
 */
export const handleAuthRequest = endpoint(async (req) => {
  const url = new URL(req.url);
  const path = url.pathname.replace(/^\/api\/auth/, '').replace(/\/+$/, '');
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (!AUTH_HTTP_PATHS.has(`${method} ${path}`)) {
    throw new ApiError(404, 'route_not_found', `No route for ${req.method} ${url.pathname}`);
  }
  checkStorable(queryObject(url), 'query');
  const text = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBodyText(req);
  parseJsonBody(req, text);
  const headers = new Headers(req.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(req));
  return auth().handler(new Request(req.url, { method: req.method, headers, body: text, signal: req.signal }));
});
