import { and, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { checkouts, type Tenant } from '../platform/db/schema';
import { type CheckoutStatus } from '../platform/vocabulary';
import { checkoutSearchText } from '../platform/db/schema/checkouts';
import type { Db } from '../platform/db/client';
import { preparedQuery } from '../platform/db/prepared';
import { notFound } from '../platform/http/errors';
import { presentCheckoutFull, type CheckoutRow } from './present';
import { EXPIRABLE_STATUSES } from './statuses';
import type { ListCheckoutsQuery } from './input';

/** A checkout of this tenant, or 404 (also when it belongs to another merchant or the other mode). */
export async function findCheckout(db: Db, tenant: Tenant, checkoutId: string): Promise<CheckoutRow> {
  const query = preparedQuery(db, 'checkout_of_tenant', (d) =>
    d
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, sql.placeholder('id')), eq(checkouts.tenantId, sql.placeholder('tenant'))))
      .prepare('checkout_of_tenant'),
  );
  const [row] = await query.execute({ id: checkoutId, tenant: tenant.id });
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

/** `%`, `_` and `\` typed into a search are themselves, not LIKE's wildcards. */
export const likeLiteral = (text: string) => text.replaceAll(/[\\%_]/g, (c) => `\\${c}`);

/** Narrowings of the list that are not the API's query: the dashboard's search box, one payment link. */
export interface CheckoutListScope {
  /**
   * The checkouts whose payment reference, customer email or name, or order id holds this text in
   * any case, served by the trigram index on `checkoutSearchText`.
   */
  contains?: string;
  /** The checkouts made from this link (served by `checkouts_payment_link_idx`); the caller checked it is the tenant's. */
  paymentLinkId?: string;
}

/** Newest first; the id breaks ties so paging never skips or repeats a checkout. */
export async function listCheckouts(
  db: Db,
  tenant: Tenant,
  query: ListCheckoutsQuery,
  { contains, paymentLinkId }: CheckoutListScope = {},
) {
  // One prepared query per combination of filters given (and status asked for): the common pages reuse theirs.
  const scoped = { contains, payment_link_id: paymentLinkId };
  const given = (
    ['payment_reference', 'customer_email', 'created_from', 'created_to', 'contains', 'payment_link_id'] as const
  ).filter((f) => (f === 'contains' || f === 'payment_link_id' ? scoped[f] : query[f]) !== undefined);
  const name = `list_checkouts:${query.status ?? ''}:${given.join(',')}`;
  const list = preparedQuery(db, name, (d) =>
    d
      .select()
      .from(checkouts)
      .where(
        and(
          eq(checkouts.tenantId, sql.placeholder('tenant')),
          query.status ? statusIs(query.status) : undefined,
          given.includes('payment_reference')
            ? eq(checkouts.paymentReference, sql.placeholder('payment_reference'))
            : undefined,
          given.includes('customer_email')
            ? sql`lower(${checkouts.customerEmail}) = lower(${sql.placeholder('customer_email')})`
            : undefined,
          given.includes('contains')
            ? sql`${checkoutSearchText(checkouts)} ilike ${sql.placeholder('contains')}`
            : undefined,
          given.includes('payment_link_id')
            ? eq(checkouts.paymentLinkId, sql.placeholder('payment_link_id'))
            : undefined,
          // Placeholders are bound as given (not through the column's encoder): dates go as ISO text.
          given.includes('created_from')
            ? gte(checkouts.createdAt, sql`${sql.placeholder('created_from')}::timestamptz`)
            : undefined,
          given.includes('created_to')
            ? lte(checkouts.createdAt, sql`${sql.placeholder('created_to')}::timestamptz`)
            : undefined,
        ),
      )
      .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name.replaceAll(/\W/g, '_')),
  );
  const rows = await list.execute({
    tenant: tenant.id,
    payment_reference: query.payment_reference,
    customer_email: query.customer_email,
    contains: contains === undefined ? undefined : `%${likeLiteral(contains)}%`,
    payment_link_id: paymentLinkId,
    created_from: query.created_from?.toISOString(),
    created_to: query.created_to?.toISOString(),
    limit: query.limit,
    offset: query.offset,
  });
  const now = new Date();
  return rows.map((row) => presentCheckoutFull(row, now));
}

/**
 * By id alone, undefined when there is no such checkout: only for callers already bound to this
 * checkout (the hosted page's token, whose check answers 401, not 404).
 */
export async function checkoutById(db: Db, checkoutId: string): Promise<CheckoutRow | undefined> {
  const query = preparedQuery(db, 'checkout_by_id', (d) =>
    d
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, sql.placeholder('id')))
      .prepare('checkout_by_id'),
  );
  const [row] = await query.execute({ id: checkoutId });
  return row;
}
