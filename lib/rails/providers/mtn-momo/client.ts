import { exchange, type Exchange, type ProviderHttp } from '../http';
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

export type TokenAnswer =
  | { ok: true; token: string }
  /** No token could be had: the product call was not executed (never sent, or only answered 401). */
  | { ok: false; code: 'MTN_TOKEN_REFUSED' | 'MTN_TOKEN_UNAVAILABLE'; detail: string };

/** An exchange, or the proof that the call was not executed because no token could be had. */
export type ProductExchange = Exchange | { kind: 'not_sent'; code: string; detail: string };

const REFRESH_AT_FRACTION = 5 / 6;
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
  let cached: { token: string; refreshAt: number } | null = null;
  let inFlight: Promise<TokenAnswer> | null = null;

  const requestToken = async (): Promise<TokenAnswer> => {
    const askedAt = settings.clock();
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
    const lifetime = readLifetimeSeconds(isRecord(body) ? body.expires_in : undefined);
    cached = { token, refreshAt: askedAt + lifetime * 1000 * REFRESH_AT_FRACTION };
    return { ok: true, token };
  };

  const getToken = (): Promise<TokenAnswer> => {
    if (cached && settings.clock() < cached.refreshAt) return Promise.resolve({ ok: true, token: cached.token });
    // Concurrent calls share one token request.
    inFlight ??= requestToken().finally(() => (inFlight = null));
    return inFlight;
  };

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

  return {
    async call(path, init) {
      const first = await getToken();
      if (!first.ok) return { kind: 'not_sent', code: first.code, detail: first.detail };
      const answer = await send(path, init, first.token);
      if (answer.kind !== 'answered' || answer.status !== 401) return answer;
      // Only drop the token this call used: a concurrent call may already have replaced it.
      if (cached?.token === first.token) cached = null;
      const second = await getToken();
      if (!second.ok) return { kind: 'not_sent', code: second.code, detail: second.detail };
      return send(path, init, second.token);
    },
  };
}

function readLifetimeSeconds(value: unknown): number {
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : FALLBACK_LIFETIME_SECONDS;
}

/** MTN's error code (`code` on the API, `error` on /token/), for a detail text: never the request. */
export function errorText(body: unknown): string {
  if (!isRecord(body)) return '';
  const code = typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : null;
  return code ? ` ${code.slice(0, 80)}` : '';
}
