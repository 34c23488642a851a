import type { z } from 'zod';
import type { Operation } from '../../platform/http/operation';
import type { Pagination } from '../../platform/http/envelope';
import type { ErrorCode } from '../../platform/http/error-codes';
import { PaymentsApiError } from './errors';
import { MERCHANT_CONTRACTS, type MerchantOperations } from './operations';

export { PaymentsApiError };

export { verifyWebhookSignature } from '../../notifications/webhooks/verify';
export { parseWebhook, type WebhookEvent } from './webhooks';

/**
 * A typed client for the merchant API, for Node 18+ servers: one method per merchant operation,
 * named by its operationId, with request and response types from the same zod schemas the service
 * validates with. Errors are `PaymentsApiError`s carrying the API's error code.
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

type QueryValue = string | number | boolean | undefined;
type Params<O> = O extends { params?: infer P } ? (P extends z.ZodType ? { params: z.input<P> } : unknown) : unknown;
type Query<O> = O extends { query?: infer Q }
  ? Q extends z.ZodType
    ? { query?: { [K in keyof z.input<Q>]?: QueryValue } }
    : unknown
  : unknown;
type Body<O> = O extends { body?: infer B } ? (B extends z.ZodType ? { body: z.input<B> } : unknown) : unknown;
/** Only where the operation honours it; without one, the client sends a key of its own. */
type Idempotency<O> = O extends { idempotent?: infer I }
  ? true extends I
    ? { idempotencyKey?: string }
    : unknown
  : unknown;

/** What a method takes: path params, query, body and Idempotency-Key, as its operation declares them. */
export type RequestOf<O> = Params<O> & Query<O> & Body<O> & Idempotency<O>;
/** What a method resolves to: `data`, with `pagination` beside it for paged listings. */
export type ResponseOf<O> = O extends { data: infer D extends z.ZodType }
  ? O extends { paginated: true }
    ? { data: z.output<D>; pagination: Pagination }
    : z.output<D>
  : never;

/** The listings that page (spec 2.6 `page`/`size`, or `limit`/`offset`): `paginate` walks them. */
type Listing = {
  [K in keyof MerchantOperations]: ResponseOf<MerchantOperations[K]> extends { data: unknown[] } | unknown[]
    ? K
    : never;
}[keyof MerchantOperations];
type ItemOf<K extends Listing> =
  ResponseOf<MerchantOperations[K]> extends { data: (infer T)[] }
    ? T
    : ResponseOf<MerchantOperations[K]> extends (infer T)[]
      ? T
      : never;

type Methods = {
  // `{} extends R`: every field of the request is optional, so the argument may be left out.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  [K in keyof MerchantOperations]: {} extends RequestOf<MerchantOperations[K]>
    ? (request?: RequestOf<MerchantOperations[K]>) => Promise<ResponseOf<MerchantOperations[K]>>
    : (request: RequestOf<MerchantOperations[K]>) => Promise<ResponseOf<MerchantOperations[K]>>;
} & {
  /**
   * Every item of a listing, page after page, as they are needed:
   * `for await (const payout of payments.paginate('listPayouts')) …`. Filters go in `request` as for
   * the method itself; its paging fields are where it starts.
   */
  paginate<K extends Listing>(operation: K, request?: RequestOf<MerchantOperations[K]>): AsyncGenerator<ItemOf<K>>;
};

interface AnyRequest {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  idempotencyKey?: string;
}

class Client {
  readonly #options: Required<Omit<ClientOptions, 'fetch'>> & { fetch: (request: Request) => Promise<Response> };

  constructor(options: ClientOptions) {
    this.#options = {
      maxRetries: 2,
      timeoutMs: 30_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? ((request) => fetch(request)),
    };
    for (const op of MERCHANT_CONTRACTS) {
      Object.defineProperty(this, op.operationId, { value: (request: AnyRequest = {}) => this.#call(op, request) });
    }
  }

  async *paginate(operationId: string, request: AnyRequest = {}): AsyncGenerator<unknown> {
    const op = MERCHANT_CONTRACTS.find((o) => o.operationId === operationId && o.method === 'GET');
    if (!op) throw new TypeError(`${operationId} is not a listing`);
    const query = { ...request.query };
    for (;;) {
      const answer = (await this.#call(op, { ...request, query })) as
        unknown[] | { data: unknown[]; pagination: Pagination };
      if (Array.isArray(answer)) {
        // limit/offset: a page shorter than the limit is the last one.
        yield* answer;
        const limit = Number(query.limit ?? 20);
        if (answer.length < limit || answer.length === 0) return;
        query.limit = limit;
        query.offset = Number(query.offset ?? 0) + answer.length;
      } else {
        yield* answer.data;
        if (!answer.pagination.has_more || answer.data.length === 0) return;
        query.page = answer.pagination.page + 1;
        query.size = answer.pagination.size;
      }
    }
  }

  async #call(op: Operation, request: AnyRequest): Promise<unknown> {
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = request.params?.[name];
      // `.` and `..` (even as %2E) would be resolved away by URL parsing, reaching another path.
      if (value === undefined || value === '' || value === '.' || value === '..') {
        throw new TypeError(`${op.operationId}: params.${name} must be given (got ${JSON.stringify(value)})`);
      }
      return encodeURIComponent(value);
    });
    const url = new URL(this.#options.baseUrl + path);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { 'x-api-key': this.#options.apiKey, accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    // A key of our own when none is given, so our retries can never act twice.
    if (op.idempotent) headers['idempotency-key'] = request.idempotencyKey ?? crypto.randomUUID();
    const retriable = op.method === 'GET' || op.idempotent === true;

    for (let attempt = 0; ; attempt++) {
      const canRetry = retriable && attempt < this.#options.maxRetries;
      let response: Response;
      try {
        response = await this.#options.fetch(
          new Request(url, {
            method: op.method,
            headers,
            body: request.body === undefined ? undefined : JSON.stringify(request.body),
            signal: AbortSignal.timeout(this.#options.timeoutMs),
          }),
        );
      } catch (error) {
        if (canRetry) {
          await sleep(backoff(attempt, null));
          continue;
        }
        throw error;
      }
      const text = await response.text();
      const body = text ? safeJson(text) : undefined;
      if (response.ok && (body === undefined || isNotJson(body))) {
        throw new PaymentsApiError(
          response.status,
          'invalid_response',
          `${op.operationId}: the answer was not JSON`,
          [],
          response.headers.get('x-request-id'),
          null,
        );
      }
      if (response.ok) {
        const envelope = body as { data: unknown; pagination?: Pagination };
        return op.bare ? body : op.paginated ? { data: envelope.data, pagination: envelope.pagination } : envelope.data;
      }
      const retryAfter = Number(response.headers.get('retry-after')) || null;
      if (canRetry && (response.status === 429 || response.status >= 500)) {
        await sleep(backoff(attempt, retryAfter));
        continue;
      }
      const error = (body ?? {}) as {
        message?: string;
        error?: { code?: ErrorCode; fields?: PaymentsApiError['fields'] };
        request_id?: string;
      };
      throw new PaymentsApiError(
        response.status,
        error.error?.code ?? 'http_error',
        error.message ?? `${op.operationId} answered ${response.status}`,
        error.error?.fields ?? [],
        error.request_id ?? response.headers.get('x-request-id'),
        retryAfter,
      );
    }
  }
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
