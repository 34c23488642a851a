import { randomUUID } from 'node:crypto';
import { MERCHANT_OPERATIONS } from '../generated/operations';
import { PaymentsApiError, type ClientErrorCode, type ErrorCode, type FieldError } from './errors';
import type { Methods, Pagination } from './types';

/**
 * A typed client for the merchant API, for Node 18+ servers: one method per merchant operation,
 * named by its operationId, with request and response types generated from the OpenAPI document.
 * Errors are `PaymentsApiError`s carrying the API's error code.
 *
 *   const payments = new PaymentsClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.PAYMENTS_KEY! });
 *   const checkout = await payments.createCheckout({ body: { customer_email, amount: 125.5, currency_code: 'GHS' } });
 */
export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Defaults to the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries of a GET or an idempotent write after a network error, a time-out, 429 or 5xx (default 2). */
  maxRetries?: number;
  /** How long one attempt may take before it is abandoned (and retried where that is safe); default 30 s. */
  timeoutMs?: number;
}

type Operation = (typeof MERCHANT_OPERATIONS)[keyof typeof MERCHANT_OPERATIONS];
type QueryValue = string | number | boolean | undefined;

interface AnyRequest {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  idempotencyKey?: string;
}

class Client {
  readonly #options: Required<ClientOptions>;

  constructor(options: ClientOptions) {
    this.#options = {
      ...options,
      // `?? default`, not spread defaults: an explicit `timeoutMs: undefined` means the default too.
      maxRetries: options.maxRetries ?? 2,
      timeoutMs: options.timeoutMs ?? 30_000,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? ((request) => fetch(request)),
    };
    for (const [operationId, op] of Object.entries(MERCHANT_OPERATIONS)) {
      Object.defineProperty(this, operationId, {
        value: (request: AnyRequest = {}) => this.#call(operationId, op, request),
      });
    }
  }

  async *paginate(operationId: string, request: AnyRequest = {}): AsyncGenerator<unknown> {
    const op: Operation | undefined = MERCHANT_OPERATIONS[operationId as keyof typeof MERCHANT_OPERATIONS];
    if (!op || op.pagesBy === null) throw new TypeError(`${operationId} is not a listing`);
    const query = { ...request.query };
    for (;;) {
      const answer = await this.#call(operationId, op, { ...request, query });
      if (op.pagesBy === 'offset') {
        // limit/offset: a page shorter than the limit is the last one.
        const page = answer as unknown[];
        yield* page;
        const limit = Number(query.limit ?? 20);
        if (page.length < limit || page.length === 0) return;
        query.limit = limit;
        query.offset = Number(query.offset ?? 0) + page.length;
      } else {
        const { data, pagination } = answer as { data: unknown[]; pagination: Pagination };
        yield* data;
        if (!pagination.has_more || data.length === 0) return;
        query.page = pagination.page + 1;
        query.size = pagination.size;
      }
    }
  }

  async #call(operationId: string, op: Operation, request: AnyRequest): Promise<unknown> {
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = request.params?.[name];
      // `.` and `..` would be resolved away by URL parsing, reaching another path.
      if (value === undefined || value === '' || value === '.' || value === '..') {
        throw new TypeError(`${operationId}: params.${name} must be given (got ${JSON.stringify(value)})`);
      }
      return encodeURIComponent(value);
    });
    const url = new URL(this.#options.baseUrl + path);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { 'x-api-key': this.#options.apiKey, accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    // A key of our own when none is given, so our retries can never act twice; every error carries it,
    // so a caller who tries again later can send the same one.
    const idempotencyKey = op.idempotent ? (request.idempotencyKey ?? randomUUID()) : null;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const retriable = op.method === 'GET' || op.idempotent;
    const refusal = (status: number, code: ErrorCode | ClientErrorCode, message: string, more: Partial<Refusal> = {}) =>
      new PaymentsApiError(status, code, message, more.fields ?? [], more.requestId ?? null, more.retryAfter ?? null, {
        idempotencyKey,
        cause: more.cause,
      });

    for (let attempt = 0; ; attempt++) {
      const canRetry = retriable && attempt < this.#options.maxRetries;
      let response: Response;
      let text: string;
      try {
        response = await this.#options.fetch(
          new Request(url, {
            method: op.method,
            headers,
            body: request.body === undefined ? undefined : JSON.stringify(request.body),
            signal: AbortSignal.timeout(this.#options.timeoutMs),
            // Never followed: the API key would go to wherever it points, and a 302 turns a POST into a GET.
            redirect: 'manual',
          }),
        );
        text = await response.text();
      } catch (error) {
        if (canRetry) {
          await sleep(backoff(attempt, null));
          continue;
        }
        throw refusal(0, 'network_error', `${operationId}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      const requestId = response.headers.get('x-request-id');
      if (response.status >= 300 && response.status < 400) {
        const to = response.headers.get('location') ?? 'elsewhere';
        throw refusal(response.status, 'unexpected_redirect', `${operationId} was redirected to ${to}; check baseUrl`, {
          requestId,
        });
      }
      const body = text ? safeJson(text) : undefined;
      if (response.ok && (body === undefined || isNotJson(body))) {
        throw refusal(response.status, 'invalid_response', `${operationId}: the answer was not JSON`, { requestId });
      }
      if (response.ok) {
        const envelope = body as { data: unknown; pagination?: Pagination };
        return op.bare ? body : op.paginated ? { data: envelope.data, pagination: envelope.pagination } : envelope.data;
      }
      const retryAfter = Number(response.headers.get('retry-after')) || null;
      const error = (body ?? {}) as {
        message?: string;
        error?: { code?: ErrorCode; fields?: FieldError[] };
        request_id?: string;
      };
      // The first request with this key is still being answered: the service asks to try again shortly.
      const inFlight = response.status === 409 && error.error?.code === 'idempotency_key_in_use';
      if (canRetry && (response.status === 429 || response.status >= 500 || inFlight)) {
        await sleep(backoff(attempt, retryAfter));
        continue;
      }
      throw refusal(
        response.status,
        error.error?.code ?? 'http_error',
        error.message ?? `${operationId} answered ${response.status}`,
        { fields: error.error?.fields ?? [], requestId: error.request_id ?? requestId, retryAfter },
      );
    }
  }
}

interface Refusal {
  fields: FieldError[];
  requestId: string | null;
  retryAfter: number | null;
  cause: unknown;
}

const NOT_JSON = Symbol('not JSON');
const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200), [NOT_JSON]: true };
  }
};
const isNotJson = (body: unknown) => typeof body === 'object' && body !== null && NOT_JSON in body;
const backoff = (attempt: number, retryAfter: number | null) =>
  retryAfter !== null ? Math.min(retryAfter, 60) * 1000 : 250 * 2 ** attempt + Math.random() * 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The client: its methods are the merchant operations (`createCheckout`, `getCheckout`, …). */
export const PaymentsClient = Client as unknown as new (options: ClientOptions) => Methods;
export type PaymentsClient = Methods;
