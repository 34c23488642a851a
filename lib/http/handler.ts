import { z } from 'zod';
import { getDb, type Db } from '../db/client';
import { authenticateMerchant, type AuthenticatedMerchant } from '../auth/merchant-auth';
import { authenticateOperator, type AuthenticatedOperator } from '../auth/admin-auth';
import { assertPermitted } from '../auth/permissions';
import { checkIdempotencyKey, requestFingerprint, withIdempotency } from '../idempotency/with-idempotency';
import { describeError, log } from '../log';
import { ApiError } from './errors';
import { requestIdOf } from './request-id';
import type { Operation } from './operation';
import { errorBody, json, successBody, type Reply } from './envelope';
import { parseJsonBody, pathParams, queryObject, readBodyText, validate } from './parse';
import { config } from '../config';
import { authenticateCheckout } from '../checkout-session/authenticate';
import { checkoutReferenceParams } from '../checkout-session/input';
import type { CheckoutRow } from '../checkouts/present';
import { enforceRateLimit } from '../rate-limit/limit';
import { clientAddress } from '../rate-limit/client-address';
import { limitApiKey, rateLimitHeadersOf } from '../rate-limit/api-key-limit';

/** What Next.js passes a route handler as its second argument. */
export interface RouteArgs {
  params: Promise<Record<string, string | string[] | undefined>>;
}
export type RouteHandler = (req: Request, route: RouteArgs) => Promise<Response>;
/** A handler that serves a documented operation (the OpenAPI coverage test reads `operation`). */
export type OperationHandler = RouteHandler & { operation?: Operation };

/** The handler, tagged with the operation it serves. */
function serving(handler: RouteHandler, operation: Operation): OperationHandler {
  return Object.assign(handler, { operation });
}

/** What an operation's handler returns: its documented `data` (checked by the compiler). */
type ReplyOf<D extends z.ZodType> = Reply<z.input<D>>;

type Schema = z.ZodType | undefined;
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

export interface MerchantCtx extends AuthenticatedMerchant {
  db: Db;
  requestId: string;
  /** The request's `Idempotency-Key`, when the endpoint honours one and it was sent. */
  idempotencyKey: string | null;
}
export interface OperatorCtx extends AuthenticatedOperator {
  db: Db;
  requestId: string;
}

const noFields = z.strictObject({});

/** The route file's pattern (`/api/v1/merchants/checkouts/[checkout_id]`): each path parameter's segment named, not its value. */
async function routePatternOf(pathname: string, route: RouteArgs | undefined): Promise<string> {
  // Next passes no params (undefined) to routes without dynamic segments; logging must never fail a request.
  const params = ((await Promise.resolve(route?.params).catch(() => undefined)) ?? {}) as Record<
    string,
    string | string[] | undefined
  >;
  const names = new Map(
    Object.entries(params).flatMap(([name, v]) => (typeof v === 'string' ? [[v, `[${name}]`]] : [])),
  );
  return pathname
    .split('/')
    .map((segment) => names.get(safeDecode(segment)) ?? segment)
    .join('/');
}
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The one place a request becomes a response: request id, error shape, logging. Anything that is
 * not an ApiError is logged and answered as a bare 500 with no internals.
 */
export function endpoint(
  run: (req: Request, requestId: string, route: RouteArgs) => Promise<Response | Reply>,
): RouteHandler {
  return async (req, route) => {
    const started = performance.now();
    const requestId = requestIdOf(req.headers.get('x-request-id'));
    let response: Response;
    try {
      const result = await run(req, requestId, route);
      response = result instanceof Response ? result : json(successBody(result), result.status ?? 200, result.headers);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    response.headers.set('x-request-id', requestId);
    for (const [name, value] of Object.entries(rateLimitHeadersOf(req))) response.headers.set(name, value);
    const path = new URL(req.url).pathname;
    log.info('request', {
      method: req.method,
      path,
      route: await routePatternOf(path, route),
      status: response.status,
      latency_ms: Math.round((performance.now() - started) * 10) / 10,
      request_id: requestId,
    });
    return response;
  };
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) return json(errorBody(error, requestId), error.status, error.headers);
  log.error('unhandled error', { request_id: requestId, ...describeError(error) });
  const internal = new ApiError(500, 'internal_error', 'Something went wrong on our side; it has been logged');
  return json(errorBody(internal, requestId), 500);
}

async function parseInput<P extends Schema, Q extends Schema, B extends Schema>(
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

/** A merchant endpoint: `x-api-key`, a permission, validated input, optional Idempotency-Key. */
export function merchantEndpoint<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
>(
  spec: Operation<P, Q, B, D>,
  handle: (input: Input<P, Q, B> & { ctx: MerchantCtx }) => Promise<ReplyOf<D>>,
): OperationHandler {
  const permission = spec.permission;
  if (!permission) throw new Error('A merchant endpoint needs a permission');
  return serving(
    endpoint(async (req, requestId, route) => {
      const db = getDb();
      const auth = await authenticateMerchant(db, req.headers.get('x-api-key'));
      await limitApiKey(db, req, auth.apiKey.id); // RateLimit headers on every response from here; 429 past the limit
      assertPermitted(auth.apiKey, permission);
      const { rawBody, ...input } = await parseInput(spec, req, requestId, route);
      const idempotencyHeader = req.headers.get('idempotency-key');
      const ctx: MerchantCtx = { ...auth, db, requestId, idempotencyKey: null };
      if (!spec.idempotent || idempotencyHeader === null) return handle({ ...input, ctx });

      const key = checkIdempotencyKey(idempotencyHeader);
      ctx.idempotencyKey = key;
      const fingerprint = requestFingerprint(req.method, new URL(req.url).pathname, rawBody);
      const result = await withIdempotency(db, { merchantId: auth.merchant.id, key, fingerprint }, async (tx) => {
        const reply = await handle({ ...input, ctx: { ...ctx, db: tx } });
        return { status: reply.status ?? 200, body: successBody(reply) };
      });
      return json(result.body, result.status, result.replayed ? { 'idempotent-replayed': 'true' } : {});
    }),
    spec,
  );
}

/** An operator endpoint: `Authorization: Bearer <ADMIN_API_TOKEN>`. */
export function operatorEndpoint<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
>(
  spec: Operation<P, Q, B, D>,
  handle: (input: Input<P, Q, B> & { ctx: OperatorCtx }) => Promise<ReplyOf<D>>,
): OperationHandler {
  return serving(
    endpoint(async (req, requestId, route) => {
      const operator = authenticateOperator(req.headers.get('authorization'));
      const { rawBody: _raw, ...input } = await parseInput(spec, req, requestId, route);
      return handle({ ...input, ctx: { ...operator, db: getDb(), requestId } });
    }),
    spec,
  );
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

export interface CheckoutCtx {
  db: Db;
  checkout: CheckoutRow;
  requestId: string;
}

/**
 * A public checkout endpoint (the hosted page): `X-Checkout-Token` for the checkout named by the
 * path's `payment_reference`. Writes are rate-limited per checkout and per client address.
 */
export function checkoutEndpoint<
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
>(
  spec: Operation<Schema, Q, B, D>,
  handle: (input: Input<undefined, Q, B> & { ctx: CheckoutCtx }) => Promise<ReplyOf<D>>,
): OperationHandler {
  return serving(
    endpoint(async (req, requestId, route) => {
      const db = getDb();
      const params = validate(checkoutReferenceParams, pathParams(await route.params));
      const access = req.method === 'GET' ? 'read' : 'write';
      const checkout = await authenticateCheckout(
        db,
        req.headers.get('x-checkout-token'),
        params.payment_reference,
        access,
      );
      if (req.method !== 'GET') {
        await enforceRateLimit(db, `checkout:${checkout.id}`, config().CHECKOUT_WRITE_LIMIT_PER_MINUTE);
        await enforceRateLimit(db, `checkout-ip:${clientAddress(req)}`, config().CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE);
      }
      const { rawBody: _raw, ...input } = await parseInput({ ...spec, params: undefined }, req, requestId, route);
      return handle({ ...input, ctx: { db, checkout, requestId } });
    }),
    spec,
  );
}
