import { exchange, type ProviderHttp } from '../http';

/**
 * How the service reaches Paystack: explicit settings (never process.env), one HTTP call at a time
 * through `exchange`, and Paystack's envelope read into three answers. Sources cited in this folder:
 * - PS-OAS: github PaystackOSS/openapi `dist/paystack.yaml` (the published OpenAPI description).
 * - PS-SNIP: github PaystackOSS/doc-code-snippets `src/...` (the JSON shown on paystack.com/docs).
 * - PS-PWT-SUP: support.paystack.com/en/articles/2128642 (Pay with Transfer FAQ).
 * - PS-TRF: paystack.com/docs/transfers/single-transfers and how-transfers-work.
 * - PS-WH: paystack.com/docs/payments/webhooks.
 * docs/plans/provider-contracts.md section 3 summarises them.
 */
export interface PaystackSettings {
  /** `sk_test_…` or `sk_live_…`: the key selects the mode; the base URL is the same for both. */
  secretKey: string;
  /** Defaults to Paystack's API host. */
  baseUrl?: string;
  /** Per request; an answer later than this is `unknown`. */
  timeoutMs?: number;
}

export const PAYSTACK_BASE_URL = 'https://api.paystack.co';
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Paystack's answer to one call:
 * - `ok`: a 2xx with `{"status": true, "message", "data"}`.
 * - `error`: a 4xx with Paystack's error envelope `{"status": false, "message", "type"?, "code"?}`.
 * - `unknown`: time-out, connection lost, 5xx, a body that is not Paystack's envelope.
 */
export type PaystackAnswer =
  | { kind: 'ok'; httpStatus: number; data: unknown }
  | { kind: 'error'; httpStatus: number; message: string; code: string | null }
  | { kind: 'unknown'; detail: string };

export interface PaystackClient {
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaystackAnswer>;
  /** Removes the secret key from any text before it leaves the adapter. */
  redact(text: string): string;
  readonly secretKey: string;
}

export function createClient(settings: PaystackSettings): PaystackClient {
  const secretKey = settings.secretKey;
  if (!/^sk_(test|live)_[A-Za-z0-9]+$/.test(secretKey))
    throw new Error('Paystack secret key must look like sk_test_… or sk_live_…');
  const http: ProviderHttp = {
    baseUrl: settings.baseUrl ?? PAYSTACK_BASE_URL,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const redact = (text: string) => text.split(secretKey).join('[secret key]');

  return {
    secretKey,
    redact,
    async call(method, path, body) {
      const answer = await exchange(http, path, {
        method,
        headers: { authorization: `Bearer ${secretKey}` },
        body,
      });
      const label = `Paystack ${method} ${path.split('/').slice(0, 3).join('/')}`;
      if (answer.kind === 'unreachable') return { kind: 'unknown', detail: redact(`${label}: ${answer.detail}`) };
      const { status, body: json } = answer;
      if (status >= 200 && status < 300) {
        if (isRecord(json) && json.status === true) return { kind: 'ok', httpStatus: status, data: json.data };
        return { kind: 'unknown', detail: `${label}: HTTP ${status} without Paystack's success envelope` };
      }
      if (status >= 400 && status < 500 && isRecord(json) && json.status === false && typeof json.message === 'string')
        return {
          kind: 'error',
          httpStatus: status,
          message: redact(json.message),
          code: typeof json.code === 'string' ? json.code : null,
        };
      return { kind: 'unknown', detail: `${label}: HTTP ${status}` };
    },
  };
}

/**
 * Paystack's answer when the key is wrong: 401 `{"status":false,"message":"Invalid key"}` [PS-OAS
 * `Unauthorized`]; several PS-SNIP examples give the same body with 400. A request that fails
 * authentication is not processed, so this answer proves nothing was created.
 */
export function isInvalidKey(answer: PaystackAnswer): boolean {
  return answer.kind === 'error' && (answer.httpStatus === 401 || /^invalid key$/i.test(answer.message.trim()));
}

/** The seam's refusal code for a Paystack error: `invalid_key`, Paystack's own `code`, or the HTTP status. */
export function refusalOf(answer: Extract<PaystackAnswer, { kind: 'error' }>): { code: string; message: string } {
  if (isInvalidKey(answer)) return { code: 'invalid_key', message: answer.message };
  const code = answer.code && answer.code !== 'unknown' ? answer.code : `http_${answer.httpStatus}`;
  return { code, message: answer.message };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringField(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * Minor units as Paystack writes them: an integer, or a string of digits (the PwT request example and
 * the `bank.transfer.rejected` event write `"30000"`). Anything else is unreadable, never rounded.
 */
export function readMinorUnits(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,18}$/.test(value)) return BigInt(value);
  return null;
}
