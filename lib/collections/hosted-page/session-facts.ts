import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  branding,
  brandingLogos,
  checkouts,
  collections,
  customerTransactions,
  merchants,
  paymentAttempts,
  tenants,
} from '../../platform/db/schema';
import { type KybStatus, type Mode } from '../../platform/vocabulary';
import type { Db } from '../../platform/db/client';
import { preparedQuery } from '../../platform/db/prepared';
import { presentBranding, uploadedLogoColumns } from '../../merchants/branding/branding';
import type { Branding } from '../../merchants/branding/contract';
import { railsDownNow } from '../../rails/circuit';
import type { CheckoutRow } from '../../checkout/present';

export type AttemptRow = typeof paymentAttempts.$inferSelect;

/** What the methods on offer depend on besides the checkout: its owner's KYB, branding and mode. */
export interface Offering {
  kybStatus: KybStatus;
  acceptedMethods: Branding['accepted_methods'];
  brand: Branding;
  mode: Mode;
  /** Live rails whose circuit is open (lib/rails/circuit.ts): not offered. Empty in test mode. */
  railsDown: ReadonlySet<string>;
}

/** Money that reached the checkout, summed (minor units; see money-received.ts). */
export interface ReceivedTotals {
  counted: bigint;
  duplicate: bigint;
  refunded: bigint;
  lastReceivedAt: Date | null;
  providerReference: string | null;
  /** The rail of that latest money (`mpesa`, `mtn_momo:CI`, `sandbox_bank`…). */
  provider: string | null;
  /** Its reference is still the id of the attempt's request (M-Pesa's CheckoutRequestID before the receipt). */
  referenceIsRequest: boolean;
}

/** Everything the hosted page's session is made of. */
export interface SessionFacts {
  checkout: CheckoutRow;
  offering: Offering;
  attempt: AttemptRow | undefined;
  received: ReceivedTotals;
}

/** The page reads its session by the token's checkout id; its first paint, by the path's reference. */
type Key = 'id' | 'reference';
const STATEMENT: Record<Key, string> = { id: 'hosted_page_session', reference: 'hosted_page_session_by_reference' };

function build(d: Db, key: Key) {
  const latest = d
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.checkoutId, checkouts.id))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1)
    .as('latest_attempt');
  // The latest money's attempt: is its reference still the request's id (provider-receipts.ts)?
  const paidBy = alias(paymentAttempts, 'received_attempt');
  const latestOf = <T>(value: SQL) =>
    sql<T>`(array_agg(${value} order by ${collections.receivedAt} desc, ${collections.id} desc) filter (where ${collections.kind} <> 'duplicate'))[1]`;
  const received = d
    .select({
      counted:
        sql<string>`coalesce(sum(${collections.amount}) filter (where ${collections.kind} <> 'duplicate'), 0)::text`.as(
          'counted',
        ),
      duplicate:
        sql<string>`coalesce(sum(${collections.amount}) filter (where ${collections.kind} = 'duplicate'), 0)::text`.as(
          'duplicate',
        ),
      lastReceivedAt: sql<Date | null>`max(${collections.receivedAt})`
        .mapWith(collections.receivedAt)
        .as('received_last_at'),
      providerReference: sql<
        string | null
      >`(array_agg(${collections.railReference} order by ${collections.receivedAt} desc, ${collections.id} desc) filter (where ${collections.kind} <> 'duplicate'))[1]`.as(
        'received_provider_reference',
      ),
      provider: latestOf<string | null>(sql`${collections.rail}`).as('received_provider'),
      referenceIsRequest: latestOf<boolean | null>(
        sql`${collections.railReference} is not distinct from ${paidBy.providerReference}`,
      ).as('received_reference_is_request'),
    })
    .from(collections)
    .leftJoin(paidBy, eq(paidBy.id, collections.attemptId))
    .where(eq(collections.checkoutId, checkouts.id))
    .as('received');
  // The subquery's columns, each named through it (the proxy), so the outer select reads them from it.
  const attempt = Object.fromEntries(
    Object.keys(getTableColumns(paymentAttempts)).map((k) => [k, latest[k as keyof typeof latest]]),
  ) as unknown as typeof latest._.selectedFields;
  return d
    .select({
      checkout: checkouts,
      merchant: { id: merchants.id, name: merchants.name, kybStatus: merchants.kybStatus },
      branding,
      logo: uploadedLogoColumns,
      mode: tenants.mode,
      railsDown: sql<string[]>`case when ${tenants.mode} = 'live' then ${railsDownNow} else '{}'::text[] end`,
      attempt,
      received: {
        counted: received.counted,
        duplicate: received.duplicate,
        lastReceivedAt: received.lastReceivedAt,
        providerReference: received.providerReference,
        provider: received.provider,
        referenceIsRequest: received.referenceIsRequest,
        refunded: sql<string>`(select coalesce(sum(${customerTransactions.refundedAmount}), 0) from ${customerTransactions}
          where ${customerTransactions.checkoutSessionId} = ${checkouts.id} and ${customerTransactions.transactionType} = 'deposit')::text`,
      },
    })
    .from(checkouts)
    .innerJoin(tenants, and(eq(tenants.id, checkouts.tenantId), eq(tenants.merchantId, checkouts.merchantId)))
    .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
    .leftJoin(branding, eq(branding.merchantId, checkouts.merchantId))
    .leftJoin(brandingLogos, eq(brandingLogos.merchantId, checkouts.merchantId))
    .leftJoinLateral(latest, sql`true`)
    .innerJoinLateral(received, sql`true`)
    .where(eq(key === 'id' ? checkouts.id : checkouts.paymentReference, sql.placeholder('key')))
    .prepare(STATEMENT[key]);
}

/**
 * The checkout and everything its hosted page shows, in one statement by id: the page reads it on
 * every load and every poll, and four statements on two round trips cost next as much CPU as the
 * rest of the request (bench/README.md). Undefined when there is no such checkout.
 */
export function readSessionFacts(db: Db, checkoutId: string): Promise<SessionFacts | undefined> {
  return readBy(db, 'id', checkoutId);
}

/** The same, by payment reference: for what the page's server may render without the token (first-screen.ts). */
export function readSessionFactsByReference(db: Db, reference: string): Promise<SessionFacts | undefined> {
  return readBy(db, 'reference', reference);
}

async function readBy(db: Db, key: Key, value: string): Promise<SessionFacts | undefined> {
  const [found] = await preparedQuery(db, STATEMENT[key], (d) => build(d, key)).execute({ key: value });
  if (!found) return undefined;
  const brand = presentBranding(found.merchant, found.branding ?? undefined, found.logo);
  const { received } = found;
  return {
    checkout: found.checkout,
    offering: {
      kybStatus: found.merchant.kybStatus,
      acceptedMethods: brand.accepted_methods,
      brand,
      mode: found.mode,
      railsDown: new Set(found.railsDown),
    },
    attempt: found.attempt ?? undefined,
    received: {
      counted: BigInt(received.counted),
      duplicate: BigInt(received.duplicate),
      refunded: BigInt(received.refunded),
      lastReceivedAt: received.lastReceivedAt,
      providerReference: received.providerReference,
      provider: received.provider,
      referenceIsRequest: received.referenceIsRequest === true,
    },
  };
}
