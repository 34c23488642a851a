import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { checkouts, merchants, paymentLinks, tenants, type Tenant } from '../../platform/db/schema';
import { type KybStatus } from '../../platform/vocabulary';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { ApiError, notFound, unprocessable } from '../../platform/http/errors';
import { toMajorUnits } from '../../platform/money/amount';
import { readMoney, type Money } from '../../platform/money/money';
import { loadBranding } from '../../merchants/branding/branding';
import { CHECKOUT_CURRENCIES_BY_KYB } from '../../merchants/kyb';
import { enforceRateLimit } from '../../access/rate-limit/limit';
import { createCheckout } from '../create-checkout';
import { effectiveLinkStatus, linkIdColumn, SLUG_PATTERN, type PaymentLinkRow } from './manage';

/**
 * The customer's side of a payment link, `/l/<slug>` on the checkout host. Opening it (GET) only
 * reads; a checkout is made only when the customer confirms on the page (a same-origin form post),
 * limited per client address (before any lookup) and per link.
 */

/** The meta_data key set on every checkout a link starts, for webhook receivers. */
export const PAYMENT_LINK_META_KEY = 'payment_link_id';

/** Why a link takes no payment now; `unavailable`: live mode off, or the merchant cannot take payments. */
export type LinkRefusal = 'inactive' | 'ended' | 'full' | 'unavailable';

export interface PublicLink {
  link: PaymentLinkRow;
  merchant: { id: string; name: string; kybStatus: KybStatus };
  tenant: Tenant;
  refusal: LinkRefusal | null;
}

const paidCount = sql<number>`(select count(*)::int from ${checkouts} where ${checkouts.paymentLinkId} = ${linkIdColumn} and ${checkouts.paidAt} is not null)`;

function refusalOf(
  link: PaymentLinkRow,
  paid: number,
  merchant: PublicLink['merchant'],
  tenant: Tenant,
  liveEnabled: boolean,
): LinkRefusal | null {
  if (tenant.mode === 'live' && !liveEnabled) return 'unavailable';
  if (merchant.kybStatus === 'rejected' || !CHECKOUT_CURRENCIES_BY_KYB[merchant.kybStatus].includes(link.currencyCode))
    return 'unavailable';
  const status = effectiveLinkStatus(link, paid);
  return status === 'active' ? null : status;
}

/** The link behind a slug, as its page shows it; null for a slug that names none (the page's 404). */
export async function findPublicLink(db: Db, slug: string, tx?: { lock: boolean }): Promise<PublicLink | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const query = db
    .select({
      link: paymentLinks,
      paid: paidCount,
      merchant: { id: merchants.id, name: merchants.name, kybStatus: merchants.kybStatus },
      tenant: { id: tenants.id, merchantId: tenants.merchantId, mode: tenants.mode },
      liveEnabledAt: merchants.liveEnabledAt,
    })
    .from(paymentLinks)
    .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
    .innerJoin(tenants, eq(tenants.id, paymentLinks.tenantId))
    .where(eq(paymentLinks.slug, slug));
  const [found] = await (tx?.lock ? query.for('update', { of: paymentLinks }) : query);
  if (!found) return null;
  return {
    link: found.link,
    merchant: found.merchant,
    tenant: found.tenant,
    refusal: refusalOf(found.link, found.paid, found.merchant, found.tenant, found.liveEnabledAt !== null),
  };
}

/** What the page shows: the merchant's look, the amount or its bounds, what it asks. */
export async function describePublicLink(db: Db, slug: string) {
  const found = await findPublicLink(db, slug);
  if (!found) return null;
  const { link } = found;
  const major = (minor: bigint | null) => (minor === null ? null : toMajorUnits(minor, link.currencyCode));
  return {
    slug: link.slug,
    mode: found.tenant.mode,
    refusal: found.refusal,
    branding: await loadBranding(db, found.merchant.id),
    description: link.description,
    currency: link.currencyCode,
    amount: major(link.amount),
    minAmount: major(link.minAmount),
    maxAmount: major(link.maxAmount),
    collectEmail: link.collectCustomerEmail,
  };
}
export type PublicLinkView = NonNullable<Awaited<ReturnType<typeof describePublicLink>>>;

/** What the customer sends from the page: text fields of a form. */
export const startLinkCheckoutInput = z.object({
  amount: z.string().max(40).optional(),
  customer_email: z.string().max(254).optional(),
});
export type StartLinkCheckoutInput = z.infer<typeof startLinkCheckoutInput>;

const email = z.email().max(254);

/** The customer's amount, typed as "1 250,50" or "1250.50", as Money within the link's bounds. */
function chosenAmount(link: PaymentLinkRow, typed: string | undefined): Money {
  const currency = link.currencyCode;
  if (link.amount !== null) return { minor: link.amount, currency };
  const normalised = (typed ?? '').replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const value = /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
  const money = readMoney(value, currency);
  if ('problem' in money) throw unprocessable([{ field: 'amount', message: money.problem }]);
  if (link.minAmount !== null && money.minor < link.minAmount)
    throw unprocessable([{ field: 'amount', message: `must be at least ${toMajorUnits(link.minAmount, currency)}` }]);
  if (link.maxAmount !== null && money.minor > link.maxAmount)
    throw unprocessable([{ field: 'amount', message: `must be at most ${toMajorUnits(link.maxAmount, currency)}` }]);
  return money;
}

export const linkRefused = (refusal: LinkRefusal) =>
  new ApiError(410, 'payment_link_unavailable', `This payment link takes no payments (${refusal})`);

/**
 * A fresh checkout from the link, through the one checkout verb, recording the link. The link row is
 * locked until the checkout commits, so a switch-off or an end date saved meanwhile is seen, and
 * two customers at once count against the same limit. Returns the hosted page's address.
 */
export async function startLinkCheckout(
  db: Db,
  slug: string,
  input: StartLinkCheckoutInput,
  clientAddress: string,
): Promise<{ checkoutId: string; checkoutUrl: string }> {
  const c = config();
  await enforceRateLimit(db, `payment-link-ip:${clientAddress}`, c.PAYMENT_LINK_IP_CHECKOUT_LIMIT_PER_MINUTE);
  const seen = await findPublicLink(db, slug);
  if (!seen) throw notFound('Payment link');
  await enforceRateLimit(db, `payment-link:${seen.link.id}`, c.PAYMENT_LINK_CHECKOUT_LIMIT_PER_MINUTE);
  if (seen.refusal) throw linkRefused(seen.refusal);

  const money = chosenAmount(seen.link, input.amount);
  let customerEmail = '';
  if (seen.link.collectCustomerEmail) {
    const parsed = email.safeParse((input.customer_email ?? '').trim());
    if (!parsed.success) throw unprocessable([{ field: 'customer_email', message: 'must be an email address' }]);
    customerEmail = parsed.data;
  }

  return db.transaction(async (tx: Db) => {
    const current = await findPublicLink(tx, slug, { lock: true });
    if (!current) throw notFound('Payment link');
    if (current.refusal) throw linkRefused(current.refusal);
    const { link, merchant, tenant } = current;
    const checkout = await createCheckout(
      { db: tx, merchant, tenant },
      {
        // No email asked: stored as "" (docs/decisions/payment-links.md).
        customer_email: customerEmail,
        amount: toMajorUnits(money.minor, money.currency),
        currency_code: money.currency,
        money,
        description: link.description,
        meta_data: { [PAYMENT_LINK_META_KEY]: link.id },
      },
      { paymentLinkId: link.id },
    );
    return { checkoutId: checkout.id, checkoutUrl: checkout.checkout_url };
  });
}

/** A link's checkouts, newest first (its page in the dashboard). */
export async function checkoutsOfLink(db: Db, tenant: Tenant, linkId: string, limit = 50) {
  return db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.tenantId, tenant.id), eq(checkouts.paymentLinkId, linkId)))
    .orderBy(sql`${checkouts.createdAt} desc`, sql`${checkouts.id} desc`)
    .limit(limit);
}
