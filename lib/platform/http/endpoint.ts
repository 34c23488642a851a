import { z } from 'zod';
import { describeError, log } from '../log';
import { ApiError } from './errors';
import { databaseUnavailable } from './database-unavailable';
import { loggablePath, secretParameterValues } from './logged-path';
import { requestIdOf } from './request-id';
import { countRequest } from './request-metrics';
import { inRequestSpan } from '../tracing/spans';
import type { Operation } from './operation';
import { errorBody, json, successBody, type Reply } from './envelope';
import { parseJsonBody, pathParams, queryObject, readBodyText, validate } from './parse';

/** What Next.js passes a route handler as its second argument. */
export interface RouteArgs {
  params: Promise<Record<string, string | string[] | undefined>>;
}
export type RouteHandler = (req: Request, route: RouteArgs) => Promise<Response>;
/** A handler that serves a documented operation (the OpenAPI coverage test reads `operation`). */
export type OperationHandler = RouteHandler & { operation?: Operation };

/** The handler, tagged with the operation it serves. */
export function serving(handler: RouteHandler, operation: Operation): OperationHandler {
  return Object.assign(handler, { operation });
}

/** What an operation's handler returns: its documented `data` (checked by the compiler). */
export type ReplyOf<D extends z.ZodType> = Reply<z.input<D>>;

export type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** What parsing needs of an operation. */
interface Spec<P extends Schema, Q extends Schema, B extends Schema> {
  params?: P;
  query?: Q;
  body?: B;
}

export interface Input<P extends Schema, Q extends Schema, B extends Schema> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  req: Request;
  requestId: string;
}

const noFields = z.strictObject({});

/**
 * The request's path and its route file's pattern (`/api/v1/merchants/checkouts/[checkout_id]`: each
 * path parameter's segment named, not its value), as the log may hold them (./logged-path.ts).
 */
async function loggedPaths(pathname: string, route: RouteArgs | undefined): Promise<{ path: string; route: string }> {
  // Next passes no params (undefined) to routes without dynamic segments; logging must never fail a request.
  const params = ((await Promise.resolve(route?.params).catch(() => undefined)) ?? {}) as Record<
    string,
    string | string[] | undefined
  >;
  const names = new Map(
    Object.entries(params).flatMap(([name, v]) => (typeof v === 'string' ? [[v, `[${name}]`]] : [])),
  );
  let segments = pathname.split('/').map((segment) => names.get(safeDecode(segment)) ?? segment);
  // A catch-all's segments, however many, are its one `[...name]`.
  const rest = Object.entries(params).find(([, v]) => Array.isArray(v));
  if (rest) segments = [...segments.slice(0, segments.length - (rest[1] as string[]).length), `[...${rest[0]}]`];
  const pattern = segments.join('/');
  const secrets = secretParameterValues(params);
  return { path: loggablePath(pathname, secrets), route: loggablePath(pattern, secrets) };
}
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The one place a request becomes a response: request id, error shape, logging. A failure of the
 * database connection is a 503 `database_unavailable` with Retry-After, logged as a warning
 * (./database-unavailable.ts); anything else that is not an ApiError is logged and answered as a bare
 * 500 with no internals. `headersOf` adds headers a surface owes on every answer, success or error
 * (the merchant API's RateLimit headers).
 */
export function endpoint(
  run: (req: Request, requestId: string, route: RouteArgs) => Promise<Response | Reply>,
  headersOf?: (req: Request) => Record<string, string>,
): RouteHandler {
  return async (req, route) => {
    const started = performance.now();
    const paths = await loggedPaths(new URL(req.url).pathname, route);
    // Everything the request does (statements, transactions, the jobs it enqueues) is this span's child.
    return inRequestSpan(req.method, paths.route, async () => {
      const requestId = requestIdOf(req.headers.get('x-request-id'));
      let response: Response;
      try {
        const result = await run(req, requestId, route);
        response =
          result instanceof Response ? result : json(successBody(result), result.status ?? 200, result.headers);
      } catch (error) {
        response = errorResponse(error, requestId);
      }
      response.headers.set('x-request-id', requestId);
      for (const [name, value] of Object.entries(headersOf?.(req) ?? {})) response.headers.set(name, value);
      const ms = performance.now() - started;
      countRequest(req.method, paths.route, response.status, ms / 1000);
      log.info('request', {
        method: req.method,
        ...paths,
        status: response.status,
        latency_ms: Math.round(ms * 10) / 10,
        request_id: requestId,
      });
      return response;
    });
  };
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) return json(errorBody(error, requestId), error.status, error.headers);
  const unavailable = databaseUnavailable(error, { request_id: requestId });
  if (unavailable) return json(errorBody(unavailable, requestId), unavailable.status, unavailable.headers);
  log.error('unhandled error', { request_id: requestId, ...describeError(error) });
  const internal = new ApiError(500, 'internal_error', 'Something went wrong on our side; it has been logged');
  return json(errorBody(internal, requestId), 500);
}

export async function parseInput<P extends Schema, Q extends Schema, B extends Schema>(
  spec: Spec<P, Q, B>,
  req: Request,
  requestId: string,
  route: RouteArgs,
): Promise<Input<P, Q, B> & { rawBody: unknown }> {
  const rawBody = parseJsonBody(req, await readBodyText(req));
  const params = spec.params ? validate(spec.params, pathParams(await route.params)) : undefined;
  const query = validate(spec.query ?? noFields, queryObject(new URL(req.url)), 'query');
  const body = spec.body
    ? validate(spec.body, rawBody ?? {}, 'body')
    : (validate(noFields.optional(), rawBody, 'body'), undefined);
  return {
    params: params as Out<P>,
    query: (spec.query ? query : undefined) as Out<Q>,
    body: body as Out<B>,
    req,
    requestId,
    rawBody,
  };
}

/** An endpoint without credentials (health, sandbox simulations, the catch-all 404). */
export function publicEndpoint<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
>(spec: Operation<P, Q, B, D>, handle: (input: Input<P, Q, B>) => Promise<ReplyOf<D> | Response>): OperationHandler {
  return serving(
    endpoint(async (req, requestId, route) => {
      const { rawBody: _raw, ...input } = await parseInput(spec, req, requestId, route);
      return handle(input);
    }),
    spec,
  );
}

/**
 * A caller that proves itself by a signature over the body (a payment provider's notification): the
 * handler gets the body exactly as sent, unparsed, to verify before reading it.
 */
export function signedEndpoint<D extends z.ZodType>(
  spec: Operation<undefined, undefined, z.ZodType, D, 'paystackSignature'>,
  handle: (input: { req: Request; requestId: string; rawBody: string }) => Promise<ReplyOf<D>>,
): OperationHandler {
  return serving(
    endpoint(async (req, requestId) => handle({ req, requestId, rawBody: (await readBodyText(req)) ?? '' })),
    spec as Operation,
  );
}
