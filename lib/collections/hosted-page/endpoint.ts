import type { z } from 'zod';
import { getDb, type Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import type { Operation } from '../../platform/http/operation';
import { pathParams, validate } from '../../platform/http/parse';
import {
  endpoint,
  parseInput,
  serving,
  type Input,
  type OperationHandler,
  type ReplyOf,
  type Schema,
} from '../../platform/http/endpoint';
import { enforceRateLimit } from '../../access/rate-limit/limit';
import { clientAddress } from '../../access/rate-limit/client-address';
import type { CheckoutRow } from '../../checkout/present';
import { authenticateCheckout, checkoutRowById } from './authenticate';
import { checkoutReferenceParams } from './input';
import { rememberCustomerLocale } from './customer-locale';

/** What a checkout endpoint's handler gets: the database, the request's id, and what `load` read. */
export type CheckoutCtx<L extends { checkout: CheckoutRow } = { checkout: CheckoutRow }> = L & {
  db: Db;
  requestId: string;
};

/**
 * A public checkout endpoint (the hosted page): `X-Checkout-Token` for the checkout named by the
 * path's `payment_reference`, read by `load` (its row, unless told otherwise). Writes are
 * rate-limited per checkout and per client address.
 */
export function checkoutEndpoint<
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
  L extends { checkout: CheckoutRow } = { checkout: CheckoutRow },
>(
  spec: Operation<Schema, Q, B, D>,
  handle: (input: Input<undefined, Q, B> & { ctx: CheckoutCtx<L> }) => Promise<ReplyOf<D>>,
  load: (db: Db, checkoutId: string) => Promise<L | undefined> = checkoutRowById as never,
): OperationHandler {
  return serving(
    endpoint(async (req, requestId, route) => {
      const db = getDb();
      const params = validate(checkoutReferenceParams, pathParams(await route.params));
      const access = req.method === 'GET' ? 'read' : 'write';
      const loaded = await authenticateCheckout(
        db,
        req.headers.get('x-checkout-token'),
        params.payment_reference,
        access,
        load,
      );
      const { checkout } = loaded;
      if (req.method !== 'GET') {
        await enforceRateLimit(db, `checkout:${checkout.id}`, config().CHECKOUT_WRITE_LIMIT_PER_MINUTE);
        await enforceRateLimit(db, `checkout-ip:${clientAddress(req)}`, config().CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE);
      }
      const { rawBody: _raw, ...input } = await parseInput({ ...spec, params: undefined }, req, requestId, route);
      const reply = await handle({ ...input, ctx: { ...loaded, db, requestId } });
      // Only once the customer's action succeeded: a refused request changes nothing. A read keeps
      // the language the page was first shown in, for a customer who pays without acting on the page
      // (a bank transfer to the reference shown): their receipt is in that language, not English.
      if (req.method !== 'GET' || checkout.customerLocale === null)
        await rememberCustomerLocale(db, checkout, req.headers);
      return reply;
    }),
    spec,
  );
}
