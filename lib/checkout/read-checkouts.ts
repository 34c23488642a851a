import { and, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { checkouts, type CheckoutStatus, type Tenant } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { presentCheckoutFull, type CheckoutRow } from './present';
import { EXPIRABLE_STATUSES } from './statuses';
import type { ListCheckoutsQuery } from './input';

/** A checkout of this tenant, or 404 (also when it belongs to another merchant or the other mode). */
export async function findCheckout(db: Db, tenant: Tenant, checkoutId: string): Promise<CheckoutRow> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.tenantId, tenant.id)));
  if (!row) throw notFound('Checkout');
  return row;
}

/** The full shape (spec 2.5 allows it on get): what a webhook carries, for recovering a missed one. */
export async function getCheckout(db: Db, tenant: Tenant, checkoutId: string) {
  return presentCheckoutFull(await findCheckout(db, tenant, checkoutId));
}

/**
 * The status as readers see it (lib/checkout/present.ts `effectiveStatus`): a checkout that could
 * still expire and is past `expires_at` is `expired` even before the worker has moved it.
 */
function statusIs(status: CheckoutStatus): SQL {
  const expirable = inArray(checkouts.status, [...EXPIRABLE_STATUSES]);
  if (status === 'expired')
    return or(eq(checkouts.status, 'expired'), and(expirable, sql`${checkouts.expiresAt} <= now()`))!;
  if ((EXPIRABLE_STATUSES as readonly string[]).includes(status))
    return and(eq(checkouts.status, status), gt(checkouts.expiresAt, sql`now()`))!;
  return eq(checkouts.status, status);
}

/** Newest first; the id breaks ties so paging never skips or repeats a checkout. */
export async function listCheckouts(db: Db, tenant: Tenant, query: ListCheckoutsQuery) {
  const rows = await db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.tenantId, tenant.id),
        query.status ? statusIs(query.status) : undefined,
        query.payment_reference ? eq(checkouts.paymentReference, query.payment_reference) : undefined,
        query.customer_email ? sql`lower(${checkouts.customerEmail}) = lower(${query.customer_email})` : undefined,
        query.created_from ? gte(checkouts.createdAt, query.created_from) : undefined,
        query.created_to ? lte(checkouts.createdAt, query.created_to) : undefined,
      ),
    )
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(query.limit)
    .offset(query.offset);
  return Promise.all(rows.map(presentCheckoutFull));
}

/** By id alone: only for callers already bound to this checkout (the hosted page's token). */
export async function findCheckoutById(db: Db, checkoutId: string): Promise<CheckoutRow> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!row) throw notFound('Checkout');
  return row;
}
