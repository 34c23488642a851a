import { z } from 'zod';
import { getDb, type Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { endpoint, type OperationHandler, type RouteHandler } from '../../platform/http/endpoint';
import type { Reply } from '../../platform/http/envelope';
import type { Operation } from '../../platform/http/operation';
import { parseJsonBody, queryObject, readBodyText, validate } from '../../platform/http/parse';
import { enforceRateLimit } from '../../access/rate-limit/limit';
import { clientAddress } from '../../access/rate-limit/client-address';
import { authenticateEmbed, type EmbedCaller } from './button';

/**
 * The public calls of the checkout button (`/api/embed/v1/**`), made by the button's script from the
 * merchant's page. In this order: the per-address limit (before any lookup, so junk tokens are
 * limited too), the token, the Origin, the session's state, the per-session limit, then the input.
 *
 * CORS: a preflight cannot be checked against a session (browsers never send X-Embed-Token on it),
 * so OPTIONS answers any well-formed origin; the real request is refused server-side (403) unless its
 * Origin is allowed. Responses echo the caller's Origin, so that a refusal can be read and shown by
 * the button; a success only ever goes to an allowed origin, since anything else was refused first.
 */
const EMBED_METHODS = 'GET, POST, OPTIONS';
const EMBED_HEADERS = 'content-type, x-embed-token, x-request-id';
const ORIGIN_PATTERN = /^https?:\/\/[^\s/]+$/i;

function corsHeaders(req: Request): Record<string, string> {
  const origin = req.headers.get('origin');
  return {
    vary: 'Origin',
    ...(origin && ORIGIN_PATTERN.test(origin)
      ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'x-request-id, retry-after' }
      : {}),
  };
}

export interface EmbedInput<B> {
  body: B;
  caller: EmbedCaller;
  db: Db;
  requestId: string;
}

const noFields = z.strictObject({});

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export function embedEndpoint<B extends z.ZodType | undefined, D extends z.ZodType>(
  op: Operation<undefined, undefined, B, D, 'embedToken'>,
  options: { write: boolean },
  handle: (input: EmbedInput<Out<B>>) => Promise<Reply<z.input<D>>>,
): OperationHandler {
  const inner = endpoint(async (req, requestId) => {
    const db = getDb();
    const c = config();
    const [perAddress, perSession] = options.write
      ? [c.EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE, c.EMBED_CHECKOUT_LIMIT_PER_MINUTE]
      : [c.EMBED_IP_READ_LIMIT_PER_MINUTE, c.EMBED_READ_LIMIT_PER_MINUTE];
    const kind = options.write ? 'write' : 'read';
    await enforceRateLimit(db, `embed-ip-${kind}:${clientAddress(req)}`, perAddress);
    const caller = await authenticateEmbed(db, req.headers.get('x-embed-token'), req.headers.get('origin'));
    await enforceRateLimit(db, `embed-${kind}:${caller.session.id}`, perSession);

    const rawBody = parseJsonBody(req, await readBodyText(req));
    validate(noFields, queryObject(new URL(req.url)), 'query');
    const body = op.body
      ? validate(op.body, rawBody ?? {}, 'body')
      : (validate(noFields.optional(), rawBody, 'body'), undefined);
    return handle({ body: body as Out<B>, caller, db, requestId });
  });
  const handler: RouteHandler = async (req, route) => {
    const response = await inner(req, route);
    for (const [name, value] of Object.entries(corsHeaders(req))) response.headers.set(name, value);
    return response;
  };
  return Object.assign(handler, { operation: op as Operation });
}

/** The preflight of an embed route (export it as the route file's OPTIONS). */
export function embedPreflight(): RouteHandler {
  return async (req) =>
    new Response(null, {
      status: 204,
      headers: {
        ...corsHeaders(req),
        'access-control-allow-methods': EMBED_METHODS,
        'access-control-allow-headers': EMBED_HEADERS,
        'access-control-max-age': '600',
        'cache-control': 'no-store',
      },
    });
}
