import { expect } from 'vitest';
import type { z } from 'zod';
import type { Pagination } from '../../lib/platform/http/envelope';
import type { ErrorStatus, Operation } from '../../lib/platform/http/operation';
import type { errorSchema } from '../../lib/platform/http/shapes';
import { sendRequest, type RawAnswer, type SendOptions } from './api';

/**
 * Calls an operation by its contract (`lib/**\/contract.ts`), typed from its zod schemas: the request
 * takes the operation's params, query and body; the answer is a success carrying its `data`, or the
 * shared Error shape. It goes through the real route handler and the OpenAPI check like any request
 * (`sendRequest`, `dispatch` in ./api.ts).
 *
 *   const res = await merchant.call(contract.getCheckout, { params: { checkout_id } });
 *   expectStatus(res, 200); // narrows res to the success
 *   res.body.data.status;   // typed from checkoutFullSchema
 *
 * `ok` is the same call that must succeed. `send` gives an operation a request its contract refuses
 * (malformed JSON, unknown fields, a wrong content type); `raw` sends any method to any URL and
 * answers a body typed `unknown`.
 */

/** The shared error body (docs/api.md "Envelope and errors"). */
export type ErrorBody = z.output<typeof errorSchema>;

/** An operation's success `data`, and what its body, params and query take. */
export type DataOf<O> = O extends { data: infer D extends z.ZodType } ? z.output<D> : never;
export type BodyOf<O> = InputOf<O, 'body'>;
export type ParamsOf<O> = InputOf<O, 'params'>;
type InputOf<O, K extends 'params' | 'query' | 'body'> = O extends { [_ in K]?: infer S }
  ? S extends z.ZodType
    ? z.input<S>
    : never
  : never;

/**
 * Paged listings (spec 2.6) take `page` and `size` and answer `pagination`. The Operation type does not
 * keep `paginated` as a literal, so the query says it; ./contract.ts checks the two agree for every one.
 */
type IsPaged<O> = [InputOf<O, 'query'>] extends [never]
  ? false
  : 'page' | 'size' extends keyof InputOf<O, 'query'>
    ? true
    : false;

/** The success envelope around the operation's `data` (spec 2.1), with `pagination` on paged listings. */
export type SuccessBody<O> = { status: 'success'; message: string; data: DataOf<O> } & (IsPaged<O> extends true
  ? { pagination: Pagination }
  : unknown);

interface Answered {
  status: number;
  headers: Headers;
  text: string;
}
export interface Success<O> extends Answered {
  ok: true;
  body: SuccessBody<O>;
}
export interface Failure extends Answered {
  ok: false;
  body: ErrorBody;
}
/** What a typed call answers: narrow with `expectStatus`, `res.ok`, or `expectErrorShape(res.body)`. */
export type Answer<O> = Success<O> | Failure;

export type QueryValue = string | number | boolean;
type Params = Record<string, string>;

/** Path parameters the caller already holds (the hosted page's payment reference) become optional. */
type ParamsPart<O, Bound extends Params> = [InputOf<O, 'params'>] extends [never]
  ? unknown
  : keyof InputOf<O, 'params'> extends keyof Bound
    ? { params?: InputOf<O, 'params'> }
    : { params: InputOf<O, 'params'> };
/** Query values as they travel: strings, or numbers and booleans written out. */
export type QueryOf<O> = { [K in keyof InputOf<O, 'query'>]?: QueryValue };
type QueryPart<O> = [InputOf<O, 'query'>] extends [never] ? unknown : { query?: QueryOf<O> };
type BodyPart<O> = [InputOf<O, 'body'>] extends [never]
  ? unknown
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    {} extends InputOf<O, 'body'>
    ? { body?: InputOf<O, 'body'> }
    : { body: InputOf<O, 'body'> };

export interface Extras {
  /** On top of the caller's own (Idempotency-Key, another key…). */
  headers?: Record<string, string>;
  /** The TCP peer the server edge would stamp (default 127.0.0.1). */
  peer?: string;
}
export type RequestOf<O, Bound extends Params = Params> = ParamsPart<O, Bound> & QueryPart<O> & BodyPart<O> & Extras;
/** The request may be left out when nothing in it is required. */
type RequestArgs<O, Bound extends Params> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  {} extends RequestOf<O, Bound> ? [request?: RequestOf<O, Bound>] : [request: RequestOf<O, Bound>];

/** Anything about a request, for `send`: a body of any shape (a string is sent as is), any query. */
export interface LooseRequest extends Extras {
  params?: Params;
  /** A string is the query exactly as sent (repeated or unknown parameters, odd encodings). */
  query?: Record<string, QueryValue> | string;
  body?: unknown;
}

/** The operation's URL with its path parameters filled in and its query written out. */
export function urlOf(op: Operation, params: Params = {}, query: Record<string, QueryValue> | string = {}): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.operationId}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search =
    typeof query === 'string'
      ? query
      : new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
}

/** The contract check in `dispatch` has already held the body to the operation's documented shapes. */
function typed<O extends Operation>(op: O, res: RawAnswer): Answer<O> {
  // The Operation type does not say `bare`, so its answer could not be typed: such an operation is read raw.
  if (op.bare) throw new Error(`${op.operationId} answers its data bare, not in the envelope: use raw()`);
  return { ...res, ok: res.status >= 200 && res.status < 300 } as Answer<O>;
}

/**
 * A client holding a set of headers (an API key, the operator's token, a checkout token…) and, for
 * the hosted page, the path parameters its token is bound to.
 */
export function caller<Bound extends Params = Record<never, string>>(
  headers: Record<string, string> = {},
  bound?: Bound,
) {
  const request = (op: Operation, input: LooseRequest = {}): Promise<RawAnswer> =>
    sendRequest(op.method, urlOf(op, { ...bound, ...input.params }, input.query), {
      headers: { ...headers, ...input.headers },
      body: input.body,
      peer: input.peer,
    });

  async function call<O extends Operation>(op: O, ...[input]: RequestArgs<O, Bound>): Promise<Answer<O>> {
    return typed(op, await request(op, input as LooseRequest | undefined));
  }

  /** The call, which must answer the operation's success status. */
  async function ok<O extends Operation>(op: O, ...input: RequestArgs<O, Bound>): Promise<Success<O>> {
    const res = await call(op, ...input);
    expectStatus(res, op.status ?? 200, `${op.operationId}: ${res.text}`);
    return res;
  }

  /**
   * A request the contract does not allow (a body of the wrong shape or none, a string sent as is, an
   * unknown query parameter): the answer is still the operation's, held to its documented shapes.
   */
  async function send<O extends Operation>(op: O, input?: LooseRequest): Promise<Answer<O>> {
    return typed(op, await request(op, input));
  }

  /** Any method to any URL (wrong methods, unknown paths): the body is `unknown`. */
  function raw(method: string, url: string, options: SendOptions = {}): Promise<RawAnswer> {
    return sendRequest(method, url, { ...options, headers: { ...headers, ...options.headers } });
  }

  return { call, ok, send, raw, headers };
}
export type Caller = ReturnType<typeof caller>;

/** A success's body, failing the test on an error: for answers held in arrays (`answers.map(successBody)`). */
export function successBody<O>(res: Answer<O>): SuccessBody<O> {
  if (!res.ok) throw new Error(`expected a success, got ${res.status}: ${res.text}`);
  return res.body;
}

/** The errors among answers held in arrays, those of `status` when given: typed as the Error shape. */
export function failuresOf(answers: Answer<unknown>[], status?: number): Failure[] {
  return answers.flatMap((res) => (!res.ok && (status === undefined || res.status === status) ? [res] : []));
}

type SuccessStatus = 200 | 201 | 202;

/**
 * `expect(res.status, res.text).toBe(status)` that also narrows a typed answer: to its success for a
 * 2xx, to the Error shape for an error status.
 */
export function expectStatus<A extends Answer<unknown>>(
  res: A,
  status: SuccessStatus,
  message?: string,
): asserts res is Extract<A, { ok: true }>;
export function expectStatus<A extends Answer<unknown>>(
  res: A,
  status: ErrorStatus | 405 | 500,
  message?: string,
): asserts res is Extract<A, { ok: false }>;
export function expectStatus(res: Answered, status: number, message?: string): void;
export function expectStatus(res: Answered, status: number, message?: string): void {
  expect(res.status, message ?? res.text).toBe(status);
}

/** The shared error shape (docs/api.md "Envelope and errors"), with `code` when given. */
export function expectErrorShape(body: unknown, code?: ErrorBody['error']['code']): asserts body is ErrorBody {
  const b = body as Partial<ErrorBody> | null;
  if (b?.status !== 'error' || typeof b.message !== 'string' || !Array.isArray(b.error?.fields)) {
    throw new Error(`not the shared error shape: ${JSON.stringify(body)}`);
  }
  if (typeof b.request_id !== 'string') throw new Error('error body lacks request_id');
  if (code && b.error.code !== code) throw new Error(`expected error code ${code}, got ${b.error.code}`);
}

/** A 422 in the shared shape; the names of the fields it refuses, sorted. */
export function invalidFields(res: { status: number; body: unknown; text: string }): string[] {
  return fieldErrors(res)
    .map((f) => f.field)
    .sort();
}

/** A 422 in the shared shape; the fields it refuses with their messages, in the order answered. */
export function fieldErrors(res: { status: number; body: unknown; text: string }): ErrorBody['error']['fields'] {
  expect(res.status, res.text).toBe(422);
  expectErrorShape(res.body, 'validation_error');
  return res.body.error.fields;
}
