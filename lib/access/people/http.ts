import { endpoint } from '../../platform/http/endpoint';
import { checkStorable, parseJsonBody, queryObject, readBodyText } from '../../platform/http/parse';
import { clientAddress } from '../rate-limit/client-address';
import { auth, CLIENT_ADDRESS_HEADER } from './auth';

/**
 * A request to better-auth's endpoints. Before the library sees it, the API's own request rules
 * apply, with their error shape: at most 1 MB, JSON only, not nested too deep, no text PostgreSQL
 * cannot store (NUL, lone surrogates) in the body or the query. Then the client's address as this
 * service resolves it (the TCP peer, or the proxy chain when TRUSTED_PROXIES says so) replaces
 * whatever a client sent under that header, so nobody can pick their own rate-limit bucket.
 */
export const handleAuthRequest = endpoint(async (req) => {
  checkStorable(queryObject(new URL(req.url)), 'query');
  const text = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBodyText(req);
  parseJsonBody(req, text);
  const headers = new Headers(req.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(req));
  return auth().handler(new Request(req.url, { method: req.method, headers, body: text, signal: req.signal }));
});
