import crypto from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { checkouts, ownerOf, paymentLinks, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { forbidden, invalidField, notFound } from '../../platform/http/errors';
import { pagination } from '../../platform/http/envelope';
import { offsetOf } from '../../platform/http/paging';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import { CHECKOUT_CURRENCIES_BY_KYB } from '../../merchants/kyb';
import type { MerchantCtx } from '../../access/endpoints';
import type { PaymentLinkView } from './contract';
import { listCheckouts } from '../read-checkouts';
import type { ListCheckoutsQuery } from '../input';
import type { CreatePaymentLinkInput, UpdatePaymentLinkInput } from './input';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** What a link's checkouts add up to: its `payments_count` (paid ones), their total, and every one started. */
export interface LinkTally {
  paid: number;
  paidTotal: bigint;
  created: number;
}

/**
 * 10 letters and digits without look-alikes (no 0/o, 1/l/i): about 51 bits drawn at random, short
 * enough to read out or type from a poster, too many to guess or enumerate.
 */
const SLUG_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const SLUG_LENGTH = 10;
export const SLUG_PATTERN = new RegExp(`^[${SLUG_ALPHABET}]{${SLUG_LENGTH}}$`);

export function newSlug(): string {
  const bytes = crypto.randomBytes(SLUG_LENGTH * 2);
  let slug = '';
  // Rejection sampling: 248 = 8 × 31 keeps every letter equally likely.
  for (const byte of bytes) {
    if (byte < 248) slug += SLUG_ALPHABET[byte % SLUG_ALPHABET.length];
    if (slug.length === SLUG_LENGTH) return slug;
  }
  return slug + newSlug().slice(slug.length);
}

export const paymentLinkUrl = (slug: string) => `${config().CHECKOUT_BASE_URL}/l/${slug}`;

/** Inactive wins over ended, ended over full: each reads as the link is, without any sweep. */
export function effectiveLinkStatus(
  row: Pick<PaymentLinkRow, 'status' | 'endsAt' | 'maxPayments'>,
  paid: number,
  now = new Date(),
): PaymentLinkView['status'] {
  if (row.status === 'inactive') return 'inactive';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  if (row.maxPayments !== null && paid >= row.maxPayments) return 'full';
  return 'active';
}

export function presentPaymentLink(row: PaymentLinkRow, tally: LinkTally): PaymentLinkView {
  const currency = row.currencyCode;
  const major = (minor: bigint | null) => (minor === null ? null : toMajorUnits(minor, currency));
  return {
    id: row.id,
    merchant_id: row.merchantId,
    url: paymentLinkUrl(row.slug),
    status: effectiveLinkStatus(row, tally.paid),
    amount: major(row.amount),
    min_amount: major(row.minAmount),
    max_amount: major(row.maxAmount),
    currency_code: currency,
    description: row.description,
    collect_customer_email: row.collectCustomerEmail,
    ends_at: formatTimestamp(row.endsAt),
    max_payments: row.maxPayments,
    payments_count: tally.paid,
    paid_total: toMajorUnits(tally.paidTotal, currency),
    checkouts_created: tally.created,
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
  };
}

/**
 * The outer row's id, qualified: drizzle leaves columns unqualified in a one-table select, where a
 * bare "id" inside the subquery would be the checkout's own.
 */
export const linkIdColumn = sql.raw('"payment_links"."id"');

/** A link's tally, read from its checkouts (paid = has a `paid_at`: paid or completed, refunded or not). */
const tallyColumns = {
  paid: sql<number>`(select count(*)::int from ${checkouts} where ${checkouts.paymentLinkId} = ${linkIdColumn} and ${checkouts.paidAt} is not null)`,
  paidTotal: sql<string>`(select coalesce(sum(${checkouts.amount}), 0)::text from ${checkouts} where ${checkouts.paymentLinkId} = ${linkIdColumn} and ${checkouts.paidAt} is not null)`,
  created: sql<number>`(select count(*)::int from ${checkouts} where ${checkouts.paymentLinkId} = ${linkIdColumn})`,
};
const tallyOf = (r: { paid: number; paidTotal: string; created: number }): LinkTally => ({
  paid: r.paid,
  paidTotal: BigInt(r.paidTotal),
  created: r.created,
});

export async function createPaymentLink(
  ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant'>,
  input: CreatePaymentLinkInput,
): Promise<PaymentLinkView> {
  const { merchant } = ctx;
  if (merchant.kybStatus === 'rejected') {
    throw forbidden('This merchant account cannot accept payments (KYB rejected)', 'merchant_rejected');
  }
  if (!CHECKOUT_CURRENCIES_BY_KYB[merchant.kybStatus].includes(input.currency)) {
    throw invalidField(
      'currency_code',
      `${input.currency} is not available to this merchant until its business is verified (KYB ${merchant.kybStatus})`,
    );
  }
  const [row] = await ctx.db
    .insert(paymentLinks)
    .values({
      ...ownerOf(ctx.tenant),
      slug: newSlug(),
      amount: input.amount,
      minAmount: input.minAmount,
      maxAmount: input.maxAmount,
      currencyCode: input.currency,
      description: input.description,
      collectCustomerEmail: input.collect_customer_email ?? false,
      endsAt: input.ends_at ?? null,
      maxPayments: input.max_payments ?? null,
    })
    .returning();
  return presentPaymentLink(row!, { paid: 0, paidTotal: 0n, created: 0 });
}

export async function listPaymentLinks(db: Db, tenant: Tenant, query: { page: number; size: number }) {
  const rows = await db
    .select({ row: paymentLinks, ...tallyColumns })
    .from(paymentLinks)
    .where(eq(paymentLinks.tenantId, tenant.id))
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(query.size)
    .offset(offsetOf(query));
  const [total] = await db.select({ n: count() }).from(paymentLinks).where(eq(paymentLinks.tenantId, tenant.id));
  return {
    data: rows.map((r) => presentPaymentLink(r.row, tallyOf(r))),
    pagination: pagination(total?.n ?? 0, query.page, query.size),
  };
}

/** The link of this tenant with its tally; another merchant's or mode's id is the 404 of an unknown one. */
export async function findPaymentLink(db: Db, tenant: Tenant, id: string) {
  const [found] = await db
    .select({ row: paymentLinks, ...tallyColumns })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.tenantId, tenant.id)));
  if (!found) throw notFound('Payment link');
  return { row: found.row, tally: tallyOf(found) };
}

/** The checkouts made from a link of this tenant, as `listCheckouts` lists them; another tenant's link is a 404. */
export async function listPaymentLinkCheckouts(db: Db, tenant: Tenant, id: string, query: ListCheckoutsQuery) {
  const [link] = await db
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.tenantId, tenant.id)));
  if (!link) throw notFound('Payment link');
  return listCheckouts(db, tenant, query, { paymentLinkId: link.id });
}

export async function getPaymentLink(db: Db, tenant: Tenant, id: string) {
  const found = await findPaymentLink(db, tenant, id);
  return presentPaymentLink(found.row, found.tally);
}

/** Only the fields given change; `active` switches the link off or on. */
export async function updatePaymentLink(db: Db, tenant: Tenant, id: string, input: UpdatePaymentLinkInput) {
  const [updated] = await db
    .update(paymentLinks)
    .set({
      ...(input.description !== undefined && { description: input.description }),
      ...(input.active !== undefined && { status: input.active ? ('active' as const) : ('inactive' as const) }),
      ...(input.collect_customer_email !== undefined && { collectCustomerEmail: input.collect_customer_email }),
      ...(input.ends_at !== undefined && { endsAt: input.ends_at }),
      ...(input.max_payments !== undefined && { maxPayments: input.max_payments }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.tenantId, tenant.id)))
    .returning({ id: paymentLinks.id });
  if (!updated) throw notFound('Payment link');
  return getPaymentLink(db, tenant, id);
}
