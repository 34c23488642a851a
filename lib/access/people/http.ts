import { clientAddress } from '../rate-limit/client-address';
import { auth, CLIENT_ADDRESS_HEADER } from './auth';

/**
 * A request to better-auth's endpoints, with the client's address as this service resolves it (the
 * TCP peer, or the proxy chain when TRUSTED_PROXIES says so): whatever a client sent under that
 * header is replaced, so nobody can pick their own rate-limit bucket.
 */
export async function handleAuthRequest(req: Request): Promise<Response> {
  const headers = new Headers(req.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(req));
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
  return auth().handler(new Request(req.url, { method: req.method, headers, body, signal: req.signal }));
}
