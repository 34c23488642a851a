import { bearerCalls, type TokenExchange, type TokenResult } from '../bearer-token';
import { exchange, type ProviderHttp } from '../http';
import type { ResolvedProductSettings } from './settings';
import { isRecord } from './wire';

/**
 * One MTN product's HTTP client: its token cache and its authorised calls.
 *
 * Tokens: `POST /{product}/token/` with Basic auth (api user : api key) and the product's subscription
 * key, no body. MTN says a token lives 60 minutes, should be refreshed 10 minutes before expiry, and
 * must not be minted per transaction [MTN-BP]; we refresh once five sixths of `expires_in` has passed
 * (50 of 60 minutes). A 401 on a call means the token died early (MTN revokes tokens when a key is
 * regenerated): we fetch a new one and send the call once more. A 401 proves the call was not
 * executed, and the reference id makes a repeated POST harmless anyway.
 */

/** An exchange, or the proof that the call was not executed because no token could be had. */
export type ProductExchange = TokenExchange;

/** When a token answer has no usable `expires_in`: short, so a wrong guess costs little. */
const FALLBACK_LIFETIME_SECONDS = 300;

export interface ProductClient {
  call(
    path: string,
    init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
  ): Promise<ProductExchange>;
}

export function productClient(settings: ResolvedProductSettings): ProductClient {
  const http: ProviderHttp = { baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs };
  const { credentials, product } = settings;
  const requestToken = async (): Promise<TokenResult> => {
    const basic = Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64');
    // No body: MTN answers 400 to a body on /token/ [MTN-ERR]; fetch sends `Content-Length: 0`.
    const answer = await exchange(http, `/${product}/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': credentials.subscriptionKey },
    });
    if (answer.kind === 'unreachable') {
      return { ok: false, code: 'MTN_TOKEN_UNAVAILABLE', detail: `MTN ${product} token: ${answer.detail}` };
    }
    const body = answer.body;
    const token = isRecord(body) && typeof body.access_token === 'string' ? body.access_token : '';
    if (answer.status !== 200 || !token) {
      // 401 {"error": …} is documented [MTN-TOKEN]; wrong credentials were also seen as 500 "login_failed".
      const code = answer.status >= 500 ? 'MTN_TOKEN_UNAVAILABLE' : 'MTN_TOKEN_REFUSED';
      return { ok: false, code, detail: `MTN ${product} token: HTTP ${answer.status}${errorText(body)}` };
    }
    return { ok: true, token, expiresIn: isRecord(body) ? body.expires_in : undefined };
  };

  const withToken = bearerCalls({
    clock: settings.clock,
    fallbackLifetimeSeconds: FALLBACK_LIFETIME_SECONDS,
    requestToken,
    // A 401 means the token died early: the call was not executed.
    tokenRefused: (answer) => answer.kind === 'answered' && answer.status === 401,
  });

  const send = (path: string, init: Parameters<ProductClient['call']>[1], token: string) =>
    exchange(http, path, {
      method: init.method,
      body: init.body,
      headers: {
        ...init.headers,
        authorization: `Bearer ${token}`,
        'x-target-environment': settings.targetEnvironment,
        'ocp-apim-subscription-key': credentials.subscriptionKey,
      },
    });

  return { call: (path, init) => withToken((token) => send(path, init, token)) };
}

/** MTN's error code (`code` on the API, `error` on /token/), for a detail text: never the request. */
export function errorText(body: unknown): string {
  if (!isRecord(body)) return '';
  const code = typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : null;
  return code ? ` ${code.slice(0, 80)}` : '';
}
