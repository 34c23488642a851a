/**
 * The public checkout interface as the page sees it (lib/collections/hosted-page/contract.ts), and the calls
 * the page makes. Browser-only code, no dependencies.
 */

import type {
  CheckoutSession,
  CheckoutSessionStatus,
  CollectionBankAccount,
  MoneyReceived,
  PaymentAttempt,
} from '@/lib/collections/hosted-page/contract';

// The wire types come from the contract (types only: nothing of the server reaches the bundle).
export type Session = CheckoutSession;
export type StatusUpdate = CheckoutSessionStatus;
export type Attempt = PaymentAttempt;
export type BankAccount = CollectionBankAccount;
export type Received = MoneyReceived;
export type CheckoutStatus = Session['checkout']['status'];
export type OfferedMethod = Session['methods'][number];
export type MethodId = OfferedMethod['method'];
export type Network = OfferedMethod['networks'][number];
export type SupportContact = NonNullable<Session['service_support']>;

export function mergeStatus(session: Session, update: StatusUpdate): Session {
  return {
    ...session,
    checkout: {
      ...session.checkout,
      status: update.status,
      approval_status: update.approval_status,
      paid_at: update.paid_at,
    },
    latest_attempt: update.latest_attempt,
    received: update.received,
    success_redirect_url: update.success_redirect_url,
    server_time: update.server_time,
  };
}

/** API timestamps are UTC without a zone designator: `2026-11-23T10:15:30.123`. */
export function parseTimestamp(value: string | null | undefined): number {
  if (!value) return Number.NaN;
  return Date.parse(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`);
}

export const TERMINAL: readonly CheckoutStatus[] = ['paid', 'completed', 'expired', 'cancelled'];
export const EXPIRABLE: readonly CheckoutStatus[] = ['pending', 'awaiting_payment_initiation', 'failed', 'timeout'];

export type ApiFailure = {
  ok: false;
  /** gone: the link can no longer pay (410 checkout_link_expired), though it still reads. */
  kind: 'unauthorized' | 'rate_limited' | 'conflict' | 'gone' | 'invalid' | 'not_found' | 'network' | 'server';
  status: number;
  code?: string;
  fields?: { field: string; message: string }[];
  retryAfter?: number;
  requestId?: string;
};
export type ApiResult<T> = { ok: true; data: T; requestStartedAt: number; receivedAt: number } | ApiFailure;

export const TIMEOUT_MS = 20_000;

/**
 * One call to the API. Never throws: network failures, timeouts and error envelopes all come back
 * as a typed failure the screens can explain.
 */
export async function callApi<T>(
  path: string,
  options: { method?: 'GET' | 'POST'; token?: string | null; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort);
  const requestStartedAt = performance.now();
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers['x-checkout-token'] = options.token;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    // The page's language, so the customer's receipt is written in it (lib/collections/hosted-page/customer-locale.ts):
    // the first read keeps it, each action the customer takes updates it.
    if (document.documentElement.lang) headers['x-checkout-locale'] = document.documentElement.lang;
    const response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
    return await readAnswer<T>(response, requestStartedAt);
  } catch {
    return { ok: false, kind: 'network', status: 0 };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

/** An answer as the page needs it: the data, or a failure the screens can explain (throws only on a network error). */
export async function readAnswer<T>(response: Response, requestStartedAt: number): Promise<ApiResult<T>> {
  const receivedAt = performance.now();
  let body: {
    status?: string;
    data?: unknown;
    error?: { code?: string; fields?: { field: string; message: string }[] };
    request_id?: string;
  } | null = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok && body?.status === 'success')
    return { ok: true, data: body.data as T, requestStartedAt, receivedAt };
  const retryAfter = Number(response.headers.get('retry-after'));
  const kinds: Record<number, ApiFailure['kind']> = {
    400: 'invalid',
    401: 'unauthorized',
    404: 'not_found',
    409: 'conflict',
    410: 'gone',
    422: 'invalid',
    429: 'rate_limited',
  };
  const kind = kinds[response.status] ?? 'server';
  return {
    ok: false,
    kind,
    status: response.status,
    code: body?.error?.code,
    fields: body?.error?.fields,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    requestId: body?.request_id ?? response.headers.get('x-request-id') ?? undefined,
  };
}

export const sessionPath = (reference: string) => `/api/checkout/v1/sessions/${encodeURIComponent(reference)}`;

/** Where the token lives between reloads: per tab, per checkout. */
export const tokenStorageKey = (reference: string) => `checkout-token:${reference}`;

/**
 * Reads the token from `#token=` (or the legacy `?token=`), keeps it in sessionStorage so a reload
 * still works, and takes it out of the address bar (history, screenshots, shared screens).
 */
export function takeToken(reference: string): string | null {
  const url = new URL(window.location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const fromUrl = hash.get('token') || url.searchParams.get('token');
  let stored: string | null = null;
  try {
    if (fromUrl) window.sessionStorage.setItem(tokenStorageKey(reference), fromUrl);
    stored = window.sessionStorage.getItem(tokenStorageKey(reference));
  } catch {
    // Storage can be off in some webviews and private modes: the token then lives in memory only.
  }
  if (fromUrl) {
    hash.delete('token');
    url.searchParams.delete('token');
    const rest = hash.toString();
    url.hash = rest ? `#${rest}` : '';
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return fromUrl || stored;
}

export function forgetToken(reference: string): void {
  try {
    window.sessionStorage.removeItem(tokenStorageKey(reference));
  } catch {
    // nothing stored
  }
}
