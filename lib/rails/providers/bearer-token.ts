import type { Exchange } from './http';

/**
 * Calls with an OAuth bearer token, for providers whose tokens live a while (MTN MoMo, Airtel): one
 * token is kept until 5/6 of its `expires_in`, concurrent calls share one token request, and a call
 * the provider answers with "this token is dead" (`tokenRefused`) takes a new token and is sent once
 * more: that answer proves the call was not executed. Each adapter supplies how its token is asked for.
 */

/** The token request's outcome; `expiresIn` is the answer's `expires_in` as received. */
export type TokenResult = { ok: true; token: string; expiresIn: unknown } | { ok: false; code: string; detail: string };

/** An exchange, or the proof that the call was not executed because no token could be had. */
export type TokenExchange = Exchange | { kind: 'not_sent'; code: string; detail: string };

const REFRESH_AT_FRACTION = 5 / 6;

export function bearerCalls(options: {
  clock: () => number;
  /** When the answer has no usable `expires_in`. */
  fallbackLifetimeSeconds: number;
  requestToken: () => Promise<TokenResult>;
  tokenRefused: (answer: Exchange) => boolean;
}): (send: (token: string) => Promise<Exchange>) => Promise<TokenExchange> {
  let cached: { token: string; refreshAt: number } | null = null;
  let inFlight: Promise<TokenResult> | null = null;

  const fetchToken = async (): Promise<TokenResult> => {
    const askedAt = options.clock();
    const got = await options.requestToken();
    if (got.ok) {
      const lifetime = lifetimeSeconds(got.expiresIn) ?? options.fallbackLifetimeSeconds;
      cached = { token: got.token, refreshAt: askedAt + lifetime * 1000 * REFRESH_AT_FRACTION };
    }
    return got;
  };
  const getToken = (): Promise<TokenResult> => {
    if (cached && options.clock() < cached.refreshAt)
      return Promise.resolve({ ok: true, token: cached.token, expiresIn: undefined });
    inFlight ??= fetchToken().finally(() => (inFlight = null));
    return inFlight;
  };

  return async (send) => {
    const first = await getToken();
    if (!first.ok) return { kind: 'not_sent', code: first.code, detail: first.detail };
    const answer = await send(first.token);
    if (!options.tokenRefused(answer)) return answer;
    // Only drop the token this call used: a concurrent call may already have replaced it.
    if (cached?.token === first.token) cached = null;
    const second = await getToken();
    if (!second.ok) return { kind: 'not_sent', code: second.code, detail: second.detail };
    return send(second.token);
  };
}

/** `expires_in` as a number or a digit string (Airtel's example sends "180"); null when unusable. */
function lifetimeSeconds(value: unknown): number | null {
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
