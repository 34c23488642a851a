import { and, desc, eq } from 'drizzle-orm';
import { checkouts } from '../db/schema';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { presentCheckoutFull, presentCheckoutPublic, type CheckoutRow } from './present';

/** A checkout of this merchant, or 404 (also when it belongs to another merchant). */
export async function findCheckout(db: Db, merchantId: string, checkoutId: string): Promise<CheckoutRow> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.merchantId, merchantId)));
  if (!row) throw notFound('Checkout');
  return row;
}

export async function getCheckout(db: Db, merchantId: string, checkoutId: string) {
  return presentCheckoutPublic(await findCheckout(db, merchantId, checkoutId));
}

/** Newest first; the id breaks ties so paging never skips or repeats a checkout. */
export async function listCheckouts(db: Db, merchantId: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.merchantId, merchantId))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(presentCheckoutFull);
}

/** By id alone: only for callers already bound to this checkout (the hosted page's token). */
export async function findCheckoutById(db: Db, checkoutId: string): Promise<CheckoutRow> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!row) throw notFound('Checkout');
  return row;
}
