import { bearerCalls, type TokenExchange, type TokenResult } from '../bearer-token';
import { exchange, type Exchange, type ProviderHttp } from '../http';
import type { ResolvedAirtelSettings } from './settings';
import { isRecord } from './wire';

/**
 * The Airtel HTTP client: its token cache and its authorised calls.
 *
 * Token: `POST /auth/oauth2/token` with a JSON body `{client_id, client_secret, grant_type:
 * "client_credentials"}`; the answer is `{access_token, expires_in, token_type: "bearer"}`, with
 * `expires_in` a string ("180") in Airtel's example and a number in the 121 platform's [AT-AUTH,
 * 121-AT]. One token serves every product of the application. Tokens are short (180 s in every example),
 * so we take a new one five sixths into its life (150 s), and never one per call.
 *
 * Every other call carries `Authorization: Bearer`, `X-Country` and `X-Currency` [AT-COL, AT-ENQ]. A
 * 401, or a 403 whose `error` is `invalid_token` (the 121 platform's record of Airtel's answer [121-MOCK]),
 * means the token died early: we take a new one and send the call once more. Such an answer proves the
 * call was not executed, and our transaction id makes a repeated POST harmless anyway.
 */

/** An exchange, or the proof that the call was not executed because no token could be had. */
export type AirtelExchange = TokenExchange;

/** When a token answer has no usable `expires_in`: Airtel's documented 180 s. */
const FALLBACK_LIFETIME_SECONDS = 180;

export interface AirtelClient {
  call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<AirtelExchange>;
}

export function airtelClient(settings: ResolvedAirtelSettings): AirtelClient {
  const http: ProviderHttp = { baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs };
  const requestToken = async (): Promise<TokenResult> => {
    const answer = await exchange(http, '/auth/oauth2/token', {
      method: 'POST',
      headers: { accept: '*/*' },
      body: { client_id: settings.clientId, client_secret: settings.clientSecret, grant_type: 'client_credentials' },
    });
    if (answer.kind === 'unreachable') {
      return { ok: false, code: 'AIRTEL_TOKEN_UNAVAILABLE', detail: `Airtel Money token: ${answer.detail}` };
    }
    const { body } = answer;
    const token = isRecord(body) && typeof body.access_token === 'string' ? body.access_token : '';
    if (answer.status !== 200 || !token) {
      const code = answer.status >= 500 ? 'AIRTEL_TOKEN_UNAVAILABLE' : 'AIRTEL_TOKEN_REFUSED';
      return { ok: false, code, detail: `Airtel Money token: HTTP ${answer.status}${oauthError(body)}` };
    }
    return { ok: true, token, expiresIn: isRecord(body) ? body.expires_in : undefined };
  };

  const withToken = bearerCalls({
    clock: settings.clock,
    fallbackLifetimeSeconds: FALLBACK_LIFETIME_SECONDS,
    requestToken,
    tokenRefused,
  });

  const send = (path: string, init: Parameters<AirtelClient['call']>[1], token: string) =>
    exchange(http, path, {
      method: init.method,
      body: init.body,
      headers: {
        accept: '*/*',
        authorization: `Bearer ${token}`,
        'x-country': settings.country,
        'x-currency': settings.market.currency,
      },
    });

  return { call: (path, init) => withToken((token) => send(path, init, token)) };
}

function tokenRefused(answer: Exchange): boolean {
  if (answer.kind !== 'answered') return false;
  if (answer.status === 401) return true;
  return answer.status === 403 && isRecord(answer.body) && answer.body.error === 'invalid_token';
}

/** The OAuth `error` of a refused token request, for a detail text: never the request. */
function oauthError(body: unknown): string {
  return isRecord(body) && typeof body.error === 'string' ? ` ${body.error.slice(0, 80)}` : '';
}
