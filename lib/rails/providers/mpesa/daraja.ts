import { exchange, type ProviderHttp } from '../http';
import type { DarajaToken, DarajaTokenStore, ResolvedSettings } from './settings';

/**
 * The HTTP half of the adapter: an OAuth token kept until shortly before it expires, and POSTs that
 * carry it. A call rejected for its token is retried once with a fresh token: the gateway refused it
 * before M-Pesa saw it, so the retry cannot start a second payment.
 */
export const DARAJA_PATHS = {
  token: '/oauth/v1/generate?grant_type=client_credentials',
  stkPush: '/mpesa/stkpush/v1/processrequest',
  stkQuery: '/mpesa/stkpushquery/v1/query',
  b2c: '/mpesa/b2c/v3/paymentrequest',
  transactionStatus: '/mpesa/transactionstatus/v1/query',
} as const;

/** Daraja's error body on every API: `{ requestId, errorCode, errorMessage }`. */
export interface DarajaError {
  requestId: string | null;
  errorCode: string;
  errorMessage: string;
}

export type DarajaAnswer =
  | { kind: 'answered'; status: number; body: unknown; error: DarajaError | null }
  /** Timed out, connection lost, or a success status with a body that is not JSON. */
  | { kind: 'unreachable'; detail: string }
  /** No token could be had, so the request itself never left: nothing happened at Daraja. */
  | { kind: 'not_sent'; reason: 'auth_refused' | 'auth_unavailable'; detail: string };

export interface DarajaClient {
  post(path: string, body: Record<string, unknown>): Promise<DarajaAnswer>;
}

/** Token lifetime when `expires_in` is unreadable: the documented 3600 s. */
const DOCUMENTED_TOKEN_SECONDS = 3600;
/** Refresh this long before `expires_in` runs out, so a token never expires in flight. */
const REFRESH_MARGIN_SECONDS = 60;

/**
 * "Invalid Access Token" is `404.001.03` on M-Pesa Express and B2C, `400.003.01` on Transaction Status,
 * `401.001` where an app lacks the product [provider-contracts.md 2.1, 2.7]; a bare 401 is read alike.
 */
const INVALID_TOKEN_CODES = new Set(['404.001.03', '400.003.01', '401.001', '404.001.04']);

export function readDarajaError(body: unknown): DarajaError | null {
  if (!isRecord(body) || typeof body.errorCode !== 'string') return null;
  return {
    requestId: typeof body.requestId === 'string' ? body.requestId : null,
    errorCode: body.errorCode,
    errorMessage: typeof body.errorMessage === 'string' ? body.errorMessage : '',
  };
}

export function isInvalidToken(status: number, error: DarajaError | null): boolean {
  if (status === 401) return true;
  if (!error) return false;
  return INVALID_TOKEN_CODES.has(error.errorCode) || /invalid access token/i.test(error.errorMessage);
}

export function createDarajaClient(settings: ResolvedSettings): DarajaClient {
  const http: ProviderHttp = { baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs };
  const basic = Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString('base64');
  const store = settings.tokenStore;
  let cached: DarajaToken | null = null;
  // Daraja's FAQ: "each request invalidates the previous token", so concurrent calls share one fetch.
  let inflight: Promise<TokenResult> | null = null;
  const fresh = (t: DarajaToken | null): t is DarajaToken => !!t && settings.now().getTime() < t.usableUntil.getTime();

  async function fetchToken(): Promise<TokenResult> {
    const answer = await exchange(http, DARAJA_PATHS.token, {
      method: 'GET',
      headers: { authorization: `Basic ${basic}` },
    });
    if (answer.kind === 'unreachable') {
      return { kind: 'not_sent', reason: 'auth_unavailable', detail: `no token: ${answer.detail}` };
    }
    const body = answer.body;
    if (answer.status === 200 && isRecord(body) && typeof body.access_token === 'string' && body.access_token) {
      const lifetime = readSeconds(body.expires_in) ?? DOCUMENTED_TOKEN_SECONDS;
      const usable = lifetime > 2 * REFRESH_MARGIN_SECONDS ? lifetime - REFRESH_MARGIN_SECONDS : lifetime / 2;
      cached = { token: body.access_token, usableUntil: new Date(settings.now().getTime() + usable * 1000) };
      return { kind: 'token', token: body.access_token };
    }
    const error = readDarajaError(body);
    const said = error ? ` ${error.errorCode} ${error.errorMessage}` : '';
    // A 4xx is Daraja refusing our key and secret; anything else says nothing about them.
    const reason = answer.status >= 400 && answer.status < 500 ? 'auth_refused' : 'auth_unavailable';
    return { kind: 'not_sent', reason, detail: `token request answered HTTP ${answer.status}${said}` };
  }

  /**
   * With a store shared by every instance: the stored token unless it is the one just refused or
   * about to expire; otherwise one instance claims the refresh and the others wait for what it stores,
   * so instances never keep invalidating each other's tokens. A store that fails is skipped.
   */
  async function sharedToken(shared: DarajaTokenStore, refused: string | null): Promise<TokenResult> {
    for (let round = 0; round < CLAIM_WAIT_ROUNDS; round++) {
      const stored = await shared.read().catch(() => null);
      if (fresh(stored) && stored.token !== refused) {
        cached = stored;
        return { kind: 'token', token: stored.token };
      }
      // The claim fails if another instance stored a new token since our read: the next round takes it.
      if (await shared.claim(CLAIM_MS, stored?.token ?? null).catch(() => true)) {
        const got = await fetchToken();
        await shared.save(got.kind === 'token' ? cached : null).catch(() => undefined);
        return got;
      }
      await new Promise((resolve) => setTimeout(resolve, CLAIM_WAIT_MS));
    }
    return fetchToken();
  }

  function token(refused: string | null = null): Promise<TokenResult> {
    if (fresh(cached) && cached.token !== refused) return Promise.resolve({ kind: 'token', token: cached.token });
    if (inflight) {
      // A fetch already under way may end with the very token that was refused: then fetch past it.
      return inflight.then((got) => (got.kind === 'token' && got.token === refused ? token(refused) : got));
    }
    inflight = (store ? sharedToken(store, refused) : fetchToken()).finally(() => (inflight = null));
    return inflight;
  }

  async function post(
    path: string,
    body: Record<string, unknown>,
    refused: string | null = null,
  ): Promise<DarajaAnswer> {
    const got = await token(refused);
    if (got.kind === 'not_sent') return got;
    const answer = await exchange(http, path, {
      method: 'POST',
      headers: { authorization: `Bearer ${got.token}` },
      body,
    });
    if (answer.kind === 'unreachable') return answer;
    const error = readDarajaError(answer.body);
    if (refused === null && isInvalidToken(answer.status, error)) {
      // Retried once, with any token but the refused one: a concurrent call, or another instance
      // (through the store), may already hold a newer one.
      return post(path, body, got.token);
    }
    return { kind: 'answered', status: answer.status, body: answer.body, error };
  }

  return { post: (path, body) => post(path, body) };
}

/** How long a claim to refresh lasts, and how long the others wait for the new token (5 s in all). */
const CLAIM_MS = 10_000;
const CLAIM_WAIT_MS = 100;
const CLAIM_WAIT_ROUNDS = 50;

type TokenResult = { kind: 'token'; token: string } | Extract<DarajaAnswer, { kind: 'not_sent' }>;

/** `expires_in` is the string "3599" in real answers and the number 3599 in the new docs [DJ-AUTH]. */
function readSeconds(value: unknown): number | null {
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Daraja's `Timestamp` (yyyyMMddHHmmss) in East Africa Time, UTC+3 all year (Kenya keeps no daylight
 * saving). The docs name only the format; Nairobi time is what Daraja's own ids encode and what
 * integrators found it expects (provider-contracts.md 2.2; bnjunge/MPESA-API-Tutorial issue 1).
 */
export function darajaTimestamp(at: Date): string {
  const eat = new Date(at.getTime() + 3 * 3600_000);
  return eat.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** M-Pesa Express `Password`: base64(BusinessShortCode + Passkey + Timestamp), concatenated as text. */
export function stkPassword(shortCode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortCode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

export function describe(answer: Extract<DarajaAnswer, { kind: 'answered' }>): string {
  if (answer.error) return `HTTP ${answer.status}: ${answer.error.errorCode} ${answer.error.errorMessage}`.trim();
  if (isInvalidToken(answer.status, null)) return `HTTP ${answer.status}: access token refused`;
  const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  return `HTTP ${answer.status}: ${(body ?? '').slice(0, 200)}`;
}
