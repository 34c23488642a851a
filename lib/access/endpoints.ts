import type { z } from 'zod';
import { getDb, type Db } from '../platform/db/client';
import { json, successBody } from '../platform/http/envelope';
import type { Operation } from '../platform/http/operation';
import {
  endpoint,
  parseInput,
  serving,
  type Input,
  type OperationHandler,
  type ReplyOf,
  type Schema,
} from '../platform/http/endpoint';
import { authenticateMerchant, type AuthenticatedMerchant } from './merchant-auth';
import { authenticateOperator, type AuthenticatedOperator } from './admin-auth';
import { assertPermitted } from './permissions';
import { checkIdempotencyKey, requestFingerprint, withIdempotency } from './idempotency';
import { limitApiKey, rateLimitHeadersOf } from './rate-limit/api-key-limit';

/**
 * The credentialed surfaces: the merchant API (`x-api-key`, a permission, the key's rate limit and
 * Idempotency-Key) and the operator API (the bearer token). Both build on the one request wrapper,
 * lib/platform/http/endpoint.ts.
 */
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
      const result = await withIdempotency(db, { tenant: auth.tenant, key, fingerprint }, async (tx) => {
        const reply = await handle({ ...input, ctx: { ...ctx, db: tx } });
        return { status: reply.status ?? 200, body: successBody(reply) };
      });
      return json(result.body, result.status, result.replayed ? { 'idempotent-replayed': 'true' } : {});
    }, rateLimitHeadersOf),
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
