import type { PayoutKind } from '../db/schema';
import { merchantEndpoint } from '../http/handler';
import { routes } from '../http/route';
import { needs } from '../auth/permissions';
import { transactionIdParams } from '../transactions/input';
import { cancelInput, payoutHistoryQuery, payoutInput, withdrawalInput } from './input';
import { initiatePayout } from './initiate';
import { cancelPayout } from './progress';
import { getPayout, listPayouts } from './read';

/**
 * Withdrawals and payouts share one engine and the same three route shapes; these build the route
 * modules for either kind (app/(merchant-api)/api/v1/merchants/{withdrawals,payouts}/…).
 */
const title = (kind: PayoutKind) => (kind === 'withdrawal' ? 'Withdrawal' : 'Payout');

/** `GET` history and `POST` initiate (with Idempotency-Key). */
export const payoutCollectionRoutes = (kind: PayoutKind) =>
  routes({
    GET: merchantEndpoint({ permission: needs.read, query: payoutHistoryQuery }, async ({ ctx, query }) => ({
      ...(await listPayouts(ctx.db, ctx.merchant.id, kind, query)),
      message: `${title(kind)}s retrieved`,
    })),
    POST: merchantEndpoint(
      { permission: needs.write, body: kind === 'withdrawal' ? withdrawalInput : payoutInput, idempotent: true },
      async ({ ctx, body }) => ({ data: await initiatePayout(ctx, kind, body), message: `${title(kind)} initiated` }),
    ),
  });

/** `GET` one. */
export const payoutItemRoutes = (kind: PayoutKind) =>
  routes({
    GET: merchantEndpoint({ permission: needs.read, params: transactionIdParams }, async ({ ctx, params }) => ({
      data: await getPayout(ctx.db, ctx.merchant.id, kind, params.transaction_id),
      message: `${title(kind)} retrieved`,
    })),
  });

/** `POST …/cancel` with a reason: only while PENDING. */
export const payoutCancelRoutes = (kind: PayoutKind) =>
  routes({
    POST: merchantEndpoint({ permission: needs.write, params: transactionIdParams, body: cancelInput }, async ({ ctx, params, body }) => ({
      data: await cancelPayout(ctx.db, ctx.merchant.id, kind, params.transaction_id, body.reason),
      message: `${title(kind)} cancelled`,
    })),
  });
