import type { z } from 'zod';
import { getDb, type Db } from '../platform/db/client';
import { json, successBody, type Reply } from '../platform/http/envelope';
import type { Operation } from '../platform/http/operation';
import type { Mode } from '../platform/vocabulary';
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
import { clientAddress } from './rate-limit/client-address';
import { recordAudit, type Actor } from './audit';
import { assertMerchantExists, auditedChange, merchantOfChange, targetOfChange } from './audited-change';

/**
 * The credentialed surfaces: the merchant API (`x-api-key`, a permission, the key's rate limit and
 * Idempotency-Key) and the operator API (an operator's admin key, or the bootstrap token). Both build
 * on the one request wrapper, lib/platform/http/endpoint.ts, and both write the audit line of every
 * change (lib/access/policy.ts names them) in the change's own transaction.
 */
export interface MerchantCtx extends AuthenticatedMerchant {
  db: Db;
  requestId: string;
  /** The request's `Idempotency-Key`, when the endpoint honours one and it was sent. */
  idempotencyKey: string | null;
}
export interface OperatorCtx extends Omit<AuthenticatedOperator, 'actor'> {
  db: Db;
  requestId: string;
  actor: Actor;
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
  const audited = auditedChange(spec.operationId);
  return serving(
    endpoint(async (req, requestId, route) => {
      const db = getDb();
      const auth = await authenticateMerchant(db, req.headers.get('x-api-key'));
      await limitApiKey(db, req, auth.apiKey.id); // RateLimit headers on every response from here; 429 past the limit
      assertPermitted(auth.apiKey, permission);
      const { rawBody, ...input } = await parseInput(spec, req, requestId, route);
      const idempotencyHeader = req.headers.get('idempotency-key');
      const ctx: MerchantCtx = { ...auth, db, requestId, idempotencyKey: null };
      /** The verb, and its audit line in the same transaction when the operation changes something. */
      const run = async (tx: Db, key: string | null): Promise<Reply<z.input<D>>> => {
        const reply = await handle({ ...input, ctx: { ...ctx, db: tx, idempotencyKey: key } });
        if (audited)
          await recordAudit(tx, keyActor(auth, req), {
            action: audited.action,
            merchantId: auth.merchant.id,
            mode: auth.tenant.mode,
            target: targetOfChange(input.params, reply.data),
            details: { operation: spec.operationId, key_prefix: auth.apiKey.prefix },
          });
        return reply;
      };
      if (!spec.idempotent || idempotencyHeader === null)
        return audited ? db.transaction((tx) => run(tx, null)) : handle({ ...input, ctx });

      const key = checkIdempotencyKey(idempotencyHeader);
      const fingerprint = requestFingerprint(req.method, new URL(req.url).pathname, rawBody);
      const result = await withIdempotency(db, { tenant: auth.tenant, key, fingerprint }, async (tx) => {
        const reply = await run(tx, key);
        return { status: reply.status ?? 200, body: successBody(reply) };
      });
      return json(result.body, result.status, result.replayed ? { 'idempotent-replayed': 'true' } : {});
    }, rateLimitHeadersOf),
    spec,
  );
}

/** The merchant's key as the audit log names it: the key, the person answerable for it, from where. */
const keyActor = (auth: AuthenticatedMerchant, req: Request): Actor => ({
  type: 'api_key',
  userId: auth.apiKey.creatorUserId,
  email: auth.apiKey.creatorEmail,
  apiKeyId: auth.apiKey.id,
  address: clientAddress(req),
  userAgent: req.headers.get('user-agent'),
});

/**
 * An operator endpoint: `Authorization: Bearer ak_…` (an operator's admin key) or the bootstrap
 * token. A change's audit line names the operator and joins the log of the merchant it concerns.
 */
export function operatorEndpoint<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
>(
  spec: Operation<P, Q, B, D>,
  handle: (input: Input<P, Q, B> & { ctx: OperatorCtx }) => Promise<ReplyOf<D>>,
): OperationHandler {
  const audited = auditedChange(spec.operationId);
  return serving(
    endpoint(async (req, requestId, route) => {
      const db = getDb();
      const operator = await authenticateOperator(db, req.headers.get('authorization'));
      const { rawBody: _raw, ...input } = await parseInput(spec, req, requestId, route);
      const actor: Actor = { ...operator.actor, address: clientAddress(req), userAgent: req.headers.get('user-agent') };
      const ctx: OperatorCtx = { ...operator, actor, db, requestId };
      if (!audited) return handle({ ...input, ctx });
      const line = (data: unknown) => ({
        action: audited.action,
        merchantId: merchantOfChange(input, data),
        mode: modeOf(input.query),
        target: targetOfChange(input.params, data),
        details: { operation: spec.operationId },
      });
      // A change made of many short transactions (a settlement run) is recorded before it starts.
      if (audited.recordFirst) {
        const entry = line(undefined);
        if (entry.merchantId) await assertMerchantExists(db, entry.merchantId);
        await recordAudit(db, actor, entry);
        return handle({ ...input, ctx });
      }
      return db.transaction(async (tx) => {
        const reply = await handle({ ...input, ctx: { ...ctx, db: tx } });
        await recordAudit(tx, actor, line(reply.data));
        return reply;
      });
    }),
    spec,
  );
}

const modeOf = (query: unknown): Mode | null => {
  const mode = (query as { mode?: unknown } | undefined)?.mode;
  return mode === 'live' || mode === 'test' ? mode : null;
};
